from fastapi import FastAPI
from routers import bookings

app = FastAPI()
app.include_router(bookings.router)
