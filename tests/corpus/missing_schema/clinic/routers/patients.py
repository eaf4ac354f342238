# expect: unparsed (reads `schemas.PatientOut`, which clinic/schemas.py never defines: importing it raises AttributeError)
"""Written against a schema a later commit renamed: the decorator reads it as the module
loads, so the app that includes this router cannot start."""

from fastapi import APIRouter, Depends

from .. import database, schemas

router = APIRouter(prefix="/patients")


@router.post("/", response_model=schemas.PatientOut)
def create_patient(body: schemas.PatientCreate, db=Depends(database.get_db)):
    db.commit()  # ok: its app cannot start
    return body
