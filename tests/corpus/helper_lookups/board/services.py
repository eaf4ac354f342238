from sqlalchemy.orm import Session

from board.lookups import first_or_404, get_or_404
from board.models import Like, Post


def remove_post(db: Session, post_id: int) -> None:
    post = get_or_404(db, Post, post_id)
    db.delete(post)  # expect: UJ001 (loads the comments to delete them)
    db.commit()  # expect: UJ001


class LikeService:
    def __init__(self, db: Session):
        self.db = db

    def fetch(self, like_id: int):
        return get_or_404(self.db, Like, like_id)

    def remove(self, like_id: int) -> None:
        like = self.fetch(like_id)
        self.db.delete(like)  # ok: a Like row, whose relationships cascade no delete
        self.db.commit()  # expect: UJ001


def remove_like(db: Session, like_id: int) -> None:
    like = first_or_404(db, model=Like, key=like_id)
    db.delete(like)  # ok: the helper's query reads the model passed by keyword
    db.commit()  # expect: UJ001
