from fastapi import Depends, Header


def bearer(authorization: str = Header("")) -> dict:
    return {"sub": authorization.removeprefix("Bearer ")}


def verify_member(team: str, claims: dict = Depends(bearer)) -> None:
    if not claims["sub"]:
        raise PermissionError(team)


member_only = [Depends(verify_member)]
