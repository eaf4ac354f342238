from fastapi import FastAPI

try:
    from .routes.families import router as families_router
    from .routes.people import router as people_router
except ImportError:  # started from inside api/
    from routes.families import router as families_router
    from routes.people import router as people_router

app = FastAPI()  # expect: UJ006
app.include_router(people_router)
app.include_router(families_router)
