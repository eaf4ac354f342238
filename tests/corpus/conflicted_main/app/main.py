# expect: unparsed (a merge left its conflict markers: the app it builds cannot start, so none of its routers' routes is served)
from fastapi import FastAPI
<<<<<<< HEAD
from app.routers import recipes
=======
from app.routers import recipes, ratings
>>>>>>> feature/ratings

app = FastAPI()
app.include_router(recipes.router, prefix="/recipes")
