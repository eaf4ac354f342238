from pathlib import Path

from kiosk.custom import APIRouter


def add_routes(router: APIRouter) -> None:
    @router.post("/login/")
    async def login(name: str):
        return Path(f"/srv/users/{name}").read_text()  # expect: UJ001
