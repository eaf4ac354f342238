"""Get-or-creates whose query and insert sit in helpers: the commit runs only while the row
is missing (once per user, once per mode), not on every request."""

from fastapi import Depends, FastAPI

from desk import repo
from desk.db import ModeConfig, get_db

app = FastAPI()


def ensure_presence(db, user_id: int):
    presence = repo.get_presence(db, user_id=user_id)
    if not presence:
        presence = repo.create_presence(db, user_id=user_id)
        db.commit()  # expect: UJ001
    return presence


def get_mode_config(db, key: str):
    return db.query(ModeConfig).filter(ModeConfig.key == key).first()  # expect: UJ001


def ensure_mode(db, key: str):
    config = get_mode_config(db, key)
    if not config and key == "free":
        config = ModeConfig(key="free")
        db.add(config)
        db.commit()  # expect: UJ001
    return config


@app.post("/presence/{user_id}")
async def touch_presence(user_id: int, db=Depends(get_db)) -> dict:
    return {"id": ensure_presence(db, user_id).id}


@app.get("/modes/{key}")
async def mode(key: str, db=Depends(get_db)) -> dict:
    return {"id": ensure_mode(db, key).id}
