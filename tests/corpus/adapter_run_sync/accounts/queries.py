from sqlalchemy.orm import Session

from accounts.models import User


def get_user_by_email(email: str, db: Session) -> User | None:
    return db.query(User).filter(User.email == email).first()  # ok: run by run_sync


def count_users(db: Session) -> int:
    return db.query(User).count()  # expect: UJ001
