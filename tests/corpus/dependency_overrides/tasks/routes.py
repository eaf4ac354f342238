from fastapi import APIRouter, Depends
from sqlalchemy import create_engine, text
from sqlalchemy.orm import sessionmaker

router = APIRouter(prefix="/tasks")
SessionLocal = sessionmaker(bind=create_engine("postgresql://db.internal/tasks"))


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


def get_current_user(db=Depends(get_db)) -> dict:
    """A placeholder the app replaces (main.py): FastAPI never calls it."""
    return dict(db.execute(text("SELECT * FROM users LIMIT 1")).first())  # ok: overridden


def get_api_key_user(db=Depends(get_db)) -> dict:
    return dict(db.execute(text("SELECT * FROM keys LIMIT 1")).first())  # expect: UJ005


@router.get("/")
def list_tasks(user: dict = Depends(get_current_user), db=Depends(get_db)):
    return db.execute(text("SELECT * FROM tasks")).all()  # expect: UJ005


@router.get("/keys")  # expect: UJ005
def list_keys(user: dict = Depends(get_api_key_user)):
    return {"user": user}


def get_admin(db=Depends(get_db)) -> dict:
    return dict(db.execute(text("SELECT * FROM admins LIMIT 1")).first())  # ok: overridden


@router.get("/admin")
async def admin_page(admin: dict = Depends(get_admin)):
    return {"admin": admin}
