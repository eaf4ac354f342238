from fastapi import Depends, FastAPI
from sqlalchemy.orm import Session

from atlas.cleanup import cleanup
from atlas.db import get_db
from atlas.models import City, Region

app = FastAPI()
app.include_router(cleanup)


@app.get("/regions/{region_id}/cities")
async def cities(region_id: int, db: Session = Depends(get_db)) -> list:
    region = db.get(Region, region_id)  # expect: UJ001
    return [city.id for city in db.query(City).filter(City.region == region).all()]  # expect: UJ001
