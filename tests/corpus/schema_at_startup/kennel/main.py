"""SQLModel tables: created at import for the seeding script, and by a startup handler."""

from fastapi import FastAPI
from sqlmodel import Field, SQLModel, create_engine

engine = create_engine("postgresql://kennel@db/kennel")


class Dog(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str


SQLModel.metadata.create_all(engine)  # ok: at import, before the loop runs

app = FastAPI()


@app.on_event("startup")
def create_tables() -> None:
    SQLModel.metadata.create_all(engine)  # expect: UJ002


@app.get("/dogs")
def dogs() -> list:
    return []
