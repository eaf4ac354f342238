from fastapi import Depends, FastAPI
from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

from atlas.models import City, Region

engine = create_engine("postgresql://atlas@db/atlas")
SessionLocal = sessionmaker(bind=engine)
app = FastAPI()


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.get("/regions/{region_id}/cities")
async def cities(region_id: int, db: Session = Depends(get_db)) -> list:
    region = db.get(Region, region_id)  # expect: UJ001
    return [city.id for city in db.query(City).filter(City.region == region).all()]  # expect: UJ001
