import time

import requests
from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker

SessionLocal = sessionmaker(bind=create_engine("postgresql://pantry@db/pantry"))


def get_session():
    session = SessionLocal()
    try:
        yield session
    finally:
        session.close()


async def current_household(token: str = "") -> str:
    reply = requests.get("https://auth.example.com/me", params={"t": token})  # expect: UJ001
    return reply.json()["household"]


def translator(lang: str = "en") -> dict:
    return {"lang": lang}


async def audit_log() -> None:
    time.sleep(0.01)  # expect: UJ001
