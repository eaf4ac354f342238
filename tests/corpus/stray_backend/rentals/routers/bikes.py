from fastapi import APIRouter, Depends
from sqlalchemy import text

from deps import *  # noqa: F403

router = APIRouter()


@router.delete("/bikes/{bike_id}")
def retire_bike(bike_id: int, session=Depends(get_session)):  # noqa: F405
    session.execute(text("DELETE FROM bikes WHERE id = :i"), {"i": bike_id})  # expect: UJ005
    session.commit()
