from fastapi import Depends, FastAPI, Security
from pydantic import BaseModel
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

from forecast.auth import get_scheme, get_user

engine = create_engine("postgresql+psycopg://forecast:secret@db.internal/forecast")
SessionLocal = sessionmaker(bind=engine)
app = FastAPI()  # expect: UJ006


def get_session():
    session = SessionLocal()
    try:
        yield session
    finally:
        session.close()


class Forecast(BaseModel):
    values: list[float]


@app.get("/forecast", dependencies=[Depends(get_scheme())], response_model=Forecast)
def forecast(session: Session = Depends(get_session), user=Security(get_user())):
    rows = session.execute(text("select value from forecast")).all()  # expect: UJ005
    return Forecast(values=[row.value for row in rows])
