from fastapi import FastAPI

from filters import ArchivedFileFilter, FileFilter, RatingFilter, UserFilter
from storage import storage

app = FastAPI()


@app.get("/users/{email}")
async def find_user(email: str) -> list:
    return storage.filter_items(UserFilter(email=email))


@app.get("/counts/users")
async def count_users() -> int:
    return storage.count(UserFilter(email=""))


@app.get("/ratings/{user}")
async def ratings(user: str) -> dict:
    return storage.rate(RatingFilter(user=user))


@app.get("/archive/{year}/{name}")
async def archived(year: int, name: str) -> dict:
    return storage.describe(ArchivedFileFilter(name=name, year=year))


@app.get("/files/{name}")
async def file_meta(name: str, archived: bool = False) -> dict:
    if archived:
        wanted = ArchivedFileFilter(name=name, year=2020)
    else:
        wanted = FileFilter(name=name)
    return storage.describe(wanted)  # (a FileFilter either way)


@app.post("/uses")
async def create_use(data: dict) -> dict:
    from handlers import TaxonomyHandler

    return TaxonomyHandler("use").create(data)
