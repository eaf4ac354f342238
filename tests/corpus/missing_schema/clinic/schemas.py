from pydantic import BaseModel


class PatientCreate(BaseModel):
    name: str


class Visit(BaseModel):
    patient: str
