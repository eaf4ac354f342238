"""Two private providers of one name, each in its own module: the fix names each with its
place, so that "make `_provide`, `_provide` async" never leaves the reader guessing."""

from fastapi import APIRouter, Depends

from zoo.cages import repository, staff

router = APIRouter(prefix="/cages")


@router.get("/{cage_id}")  # expect: UJ005 (four trips: both providers, the endpoint, its validation)
def cage(
    cage_id: int,
    cages: dict = Depends(repository._provide),
    people: dict = Depends(staff._provide),
) -> dict:
    return {"id": cage_id, "cages": cages, "staff": people}
