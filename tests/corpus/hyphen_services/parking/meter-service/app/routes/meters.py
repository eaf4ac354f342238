from fastapi import APIRouter

from app.database.db import get_connection

router = APIRouter()


@router.get("/{item_id}")
def read(item_id: int):
    cur = get_connection().cursor()
    cur.execute("SELECT name FROM meters WHERE id = %s", (item_id,))  # ok: never served
    return cur.fetchone()
