"""A repository built on a generic base (`BaseRepo(Generic[T])`, subclassed as
`BaseRepo[User]`): the session the base stores is the subclass's, so its queries block the
loop when an async route calls them."""

from typing import Generic, TypeVar

from fastapi import Depends, FastAPI
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

SessionLocal = sessionmaker(bind=create_engine("postgresql://crm@db/crm"))
T = TypeVar("T")


def get_db():
    with SessionLocal() as db:
        yield db


class BaseRepo(Generic[T]):
    def __init__(self, db: Session) -> None:
        self.db = db

    def count(self) -> int:
        return self.db.execute(text("select count(*) from users")).scalar()  # expect: UJ001


class UserRepo(BaseRepo[int]):
    def __init__(self, db: Session = Depends(get_db)) -> None:
        super().__init__(db)


app = FastAPI()


@app.get("/users/count")
async def count_users(repo: UserRepo = Depends()):
    return {"count": repo.count()}
