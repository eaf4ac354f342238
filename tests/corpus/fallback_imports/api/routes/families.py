"""The family routes, written for `cd api && uvicorn main:app` first."""

from fastapi import APIRouter

try:
    from db import db_conn
except ImportError:  # imported as `api.routes.families`
    from ..db import db_conn

router = APIRouter()


@router.get("/families/{family_id}")
def family(family_id: int) -> dict:
    with db_conn("families") as conn:
        rows = conn.execute("SELECT * FROM families WHERE id = %s", (family_id,)).fetchall()  # expect: UJ005 (connect, `SET`, this query)
    return {"members": rows}
