from pathlib import Path

from kiosk.custom import APIRouter


def add_logout(router: APIRouter) -> None:
    @router.post("/logout/")
    async def logout(name: str):
        return Path(f"/srv/sessions/{name}").unlink()  # expect: UJ001
