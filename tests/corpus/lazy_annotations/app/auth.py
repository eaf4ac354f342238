"""`Request` is never imported, but the Dockerfile deploys Python 3.14, which evaluates a
`def`'s annotations only when asked (PEP 649): the module imports, and the app starts."""

from fastapi import Depends, HTTPException


def current_user(token: str = Depends(lambda: "")) -> Principal:  # ok
    if not token:
        raise HTTPException(status_code=401)
    return {"token": token}
