"""`Request` is never imported: on the Python the Dockerfile deploys (3.11), a `def`'s
annotations are evaluated as it is defined, so importing this module raises NameError and
the app that imports it cannot start."""

from fastapi import Depends, HTTPException


def current_user(token: str = Depends(lambda: ""), request: Request = Depends()):  # expect: unparsed
    if not token:
        raise HTTPException(status_code=401)
    return {"token": token, "path": request.url.path}
