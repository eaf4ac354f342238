from fastapi import APIRouter, Depends
from sqlalchemy import select
from sqlmodel import Session

from database import Owner, Pet, get_db

router = APIRouter(prefix="/pets")


@router.delete("/{pet_id}")
async def drop_pet(pet_id: int, db: Session = Depends(get_db)):
    pet = db.query(Pet).filter(Pet.id == pet_id).first()  # expect: UJ001
    if not pet:
        return {}
    db.delete(pet)  # ok: Pet cascades no delete, so no SQL is sent here
    db.commit()  # expect: UJ001
    return {}


@router.delete("/owners/{owner_id}/pets")
async def drop_owner_pets(owner_id: int, db: Session = Depends(get_db)):
    owner = db.query(Owner).filter(Owner.id == owner_id).first()  # expect: UJ001
    for pet in owner.pets:
        db.delete(pet)  # ok: the rows of `Owner.pets` are pets, which cascade no delete
    db.commit()  # expect: UJ001
    return {}


@router.delete("/owners/pets")
async def drop_every_pet(db: Session = Depends(get_db)):
    for owner in db.query(Owner).all():  # expect: UJ001
        for pet in owner.pets:  # (a loop over a loop variable's relationship)
            db.delete(pet)  # expect: UJ001 (its loops hold rows of two models: not judged)
    db.commit()  # expect: UJ001
    return {}


@router.post("/purge")
async def drop_stale(db: Session = Depends(get_db)):
    statement = select(Pet).where(Pet.id < 0)
    for pet in db.exec(statement).all():  # expect: UJ001 (SQLModel's exec of a statement)
        db.delete(pet)  # ok: Pet cascades no delete
    db.commit()  # expect: UJ001
    return {}


@router.delete("/by-name/{name}")
async def drop_named(name: str, db: Session = Depends(get_db)):
    found = db.execute(select(Pet).filter_by(name=name)).scalar()  # expect: UJ001
    if found:
        db.delete(found)  # ok: `Result.scalar()` gives a Pet row, which cascades no delete
    db.commit()  # expect: UJ001
    return {}


@router.delete("/by-tag/{tag}")
async def drop_tagged(tag: str, by_owner: bool, db: Session = Depends(get_db)):
    pet = None
    if by_owner:
        pet = db.query(Pet).filter(Pet.owner_id == tag).first()  # expect: UJ001
    else:  # (the same call as in the branch above: one finding for both)
        pet = db.query(Pet).filter(Pet.name == tag).first()
    db.delete(pet)  # ok: a Pet row (or the None first bound), which cascades no delete
    db.commit()  # expect: UJ001
    return {}


@router.delete("/owners/{owner_id}")
async def drop_owner(owner_id: int, db: Session = Depends(get_db)):
    owner = db.get(Owner, owner_id)  # expect: UJ001
    for note in owner.notes:  # (loads the collection the delete cascades to)
        print(note)
    db.delete(owner)  # ok: its one deleting cascade, `notes`, is loaded already
    db.commit()  # expect: UJ001
    return {}


@router.delete("/owners/{owner_id}/now")
async def drop_owner_now(owner_id: int, db: Session = Depends(get_db)):
    owner = db.get(Owner, owner_id)  # expect: UJ001
    db.delete(owner)  # expect: UJ001 (loads `notes` to delete them)
    db.commit()  # expect: UJ001
    return {}
