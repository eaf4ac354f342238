"""The prefix is a constant of `config/routes.py` (a folder with no `__init__.py`), whose
module also answers to the name of the `routes` folder beside it: the label still reads it."""

from fastapi import APIRouter

from config.routes import prefix
from routes.owners import owners
from routes.pets import pets
from routes.vets import vets

routes = APIRouter()
routes.include_router(pets, prefix=prefix)
routes.include_router(owners, prefix=prefix)
routes.include_router(vets, prefix=prefix)
