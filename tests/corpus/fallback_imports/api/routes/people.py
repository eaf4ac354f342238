"""The people routes: importable from the repository root (`api.routes.people`) and from
inside `api/` (`routes.people`), hence the fallback imports."""

from fastapi import APIRouter

try:
    from ..db import db_conn
    from ..names import display_name
except ImportError:  # started from inside api/: `uvicorn main:app`
    from db import db_conn
    from names import display_name

try:
    import orjson as json_codec
except ImportError:  # an optional speed-up, else the standard library's
    import json as json_codec

router = APIRouter()


@router.get("/people/{person_id}")
def person(person_id: int) -> dict:
    with db_conn() as conn:
        row = conn.execute(  # expect: UJ005
            "SELECT given, surname FROM people WHERE id = %s", (person_id,)
        ).fetchone()
    return {"name": display_name(row), "raw": json_codec.dumps(row)}
