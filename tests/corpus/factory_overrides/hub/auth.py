from fastapi import APIRouter, Depends


class AuthModule:
    def check(self, token: str) -> bool:
        return token == "secret"


def get_auth_module() -> AuthModule:
    """A placeholder the app builder replaces: FastAPI never calls it."""
    raise NotImplementedError


def get_current_user(auth: AuthModule = Depends(get_auth_module)) -> dict:
    return {"ok": auth.check("secret")}


router = APIRouter()


@router.get("/me")  # expect: UJ005 (three trips: the builder's lambda, the user, the endpoint)
def me(user: dict = Depends(get_current_user)) -> dict:
    return user
