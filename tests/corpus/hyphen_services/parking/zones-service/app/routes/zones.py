from fastapi import APIRouter

from app.database.db import get_connection

router = APIRouter()


@router.get("/{item_id}")
def read(item_id: int):
    conn = get_connection()
    cur = conn.cursor()
    cur.execute("SELECT name FROM zones WHERE id = %s", (item_id,))  # expect: UJ005
    return cur.fetchone()
