from typing import Annotated

from fastapi import Depends, FastAPI
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from board.services import LikeService, remove_like, remove_post

engine = create_engine("postgresql://board@db/board", pool_size=10)
app = FastAPI(title="board")


def session():
    with Session(engine) as db:
        yield db


DB = Annotated[Session, Depends(session)]


@app.delete("/likes/{like_id}")
async def drop_like(like_id: int, db: DB):
    LikeService(db).remove(like_id)
    return {}


@app.delete("/posts/{post_id}")
async def drop_post(post_id: int, db: DB):
    remove_post(db, post_id)
    return {}


@app.delete("/reactions/{like_id}")
async def drop_reaction(like_id: int, db: DB):
    remove_like(db, like_id)
    return {}
