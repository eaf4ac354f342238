from fastapi import APIRouter

from app.database.db import get_connection

router = APIRouter()


@router.get("/{item_id}")
def read(item_id: int):
    conn = get_connection()
    cur = conn.cursor()
    cur.execute("SELECT name FROM lots WHERE id = %s", (item_id,))  # expect: UJ005
    return cur.fetchone()


@router.get("/{item_id}/owner")
def owner(item_id: int):
    cur = get_connection().cursor()
    cur.execute("SELECT owner FROM lots WHERE id = %s", (item_id,))  # expect: UJ005
    return cur.fetchone()
