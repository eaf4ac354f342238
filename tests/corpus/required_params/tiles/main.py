"""Tiles and legends of one run (its id a required path parameter: never None), or of the
latest run."""

from typing import Annotated

from fastapi import Depends, FastAPI, Path
from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

from tiles.runs import legend_rows, resolve_run

engine = create_engine("postgresql://tiles@db/tiles")
SessionLocal = sessionmaker(bind=engine)
app = FastAPI()  # expect: UJ006


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.get("/runs/{run_id}/tile")
def run_tile(run_id: int, db: Session = Depends(get_db)) -> dict:
    return {"run": resolve_run(db, run_id)}


@app.get("/runs/{run_id}/legend")
def run_legend(run_id: Annotated[int, Path(ge=1)], db: Session = Depends(get_db)) -> dict:
    return {"rows": legend_rows(db, run_id)}


@app.get("/legend")
def latest_legend(db: Session = Depends(get_db)) -> dict:
    return {"rows": legend_rows(db)}
