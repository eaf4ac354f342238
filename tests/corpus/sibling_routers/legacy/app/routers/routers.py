# retired: its `app.database` has no `get_db` any more, so this module cannot import; no app
# imports it
from app.database import get_db
from fastapi import APIRouter, Depends

router = APIRouter()


@router.get("/users/")
def users(db=Depends(get_db)):
    return []
