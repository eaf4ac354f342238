from fastapi import BackgroundTasks, Depends, FastAPI
from sqlalchemy import text

from audit import log, notify_admins
from db import get_db

app = FastAPI()  # expect: UJ006


def current_user(db=Depends(get_db)) -> dict:
    return {"id": 1}


def require_teacher(user: dict = Depends(current_user)) -> dict:
    return user


@app.post("/grades")  # expect: UJ005
def add_grade(tasks: BackgroundTasks, db=Depends(get_db), user: dict = Depends(require_teacher)):
    db.execute(text("INSERT INTO grades DEFAULT VALUES"))  # expect: UJ005
    db.commit()
    log(tasks, user["id"], "grade added")
    return {"ok": True}


@app.post("/subjects")  # expect: UJ005
def add_subject(tasks: BackgroundTasks, db=Depends(get_db), user: dict = Depends(require_teacher)):
    db.execute(text("INSERT INTO subjects DEFAULT VALUES"))  # expect: UJ005
    db.commit()
    tasks.add_task(notify_admins, "subject added")
    return {"ok": True}
