# expect: unparsed (it imports app.db.models, which is not on disk; api/ has no __init__.py)
from fastapi import APIRouter, Depends
from sqlalchemy.orm import Session

from app.db.models.image import Image
from app.db.session import get_db

router = APIRouter()


@router.get("/images")
async def list_images(db: Session = Depends(get_db)):
    return db.query(Image).all()  # (the app cannot start: not checked)
