"""fastapi-pagination's SQLAlchemy `paginate` runs the count and the page query on the session
it is given: in the thread pool for a `def` route, on the loop for an `async def` one. With an
AsyncSession it is awaited (`apaginate`, or `paginate` awaited), which never blocks."""

from fastapi import Depends, FastAPI
from fastapi_pagination import Page, add_pagination
from fastapi_pagination.ext.sqlalchemy import apaginate, paginate
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from directory.db import Person, get_async_db, get_db

app = FastAPI()  # expect: UJ006
add_pagination(app)


@app.get("/people")
def list_people(db: Session = Depends(get_db)) -> Page[dict]:
    return paginate(db, select(Person).order_by(Person.name))  # expect: UJ005


@app.get("/people/search")
async def search_people(name: str, db: Session = Depends(get_db)) -> Page[dict]:
    query = select(Person).where(Person.name == name)
    return paginate(db, query)  # expect: UJ001


@app.get("/people/async")  # ok: awaited on an AsyncSession
async def list_people_async(db: AsyncSession = Depends(get_async_db)) -> Page[dict]:
    return await apaginate(db, select(Person))
