"""Routes with a statement that always raises before a blocking call: the call never runs,
so nothing is reported after it (the app's own error is for its tests, or ruff's F821)."""

import requests
from fastapi import Depends, FastAPI

from clinic.db import Patient, Session, get_db, text
from clinic.models import Ward

app = FastAPI()


@app.get("/profiles/{pid}")
async def profile(pid: int, db: Session = Depends(get_db)):
    # `Profile` is imported nowhere (its import was deleted): NameError, every time
    row = db.query(Profile).filter(Profile.id == pid).first()  # ok: never runs
    db.commit()  # ok: never runs
    return row


@app.get("/patients/{pid}")
async def patient(pid: int, db: Session = Depends(get_db)):
    patient = db.get(Patient, pid)  # expect: UJ001
    requests.get("http://127.0.0.1:9/audit", json=Unknown)  # ok: the argument fails first
    return patient


@app.get("/visits/{vid}")
async def visit(vid: int, db: Session = Depends(get_db)):
    # `visit` is local to the whole function: reading it before it is bound raises
    # UnboundLocalError
    visit = db.get(Patient, visit)  # ok: never runs
    db.refresh(visit)  # ok: never runs
    return visit


@app.get("/stats")
async def stats(db: Session = Depends(get_db)):
    # SQLAlchemy 2 refuses a plain string before any I/O (ArgumentError)
    total = db.execute("SELECT count(*) FROM patients").scalar()  # ok: never runs
    db.commit()  # ok: never runs
    return {"total": total}


@app.get("/stats/text")
async def stats_text(db: Session = Depends(get_db)):
    return {"total": db.execute(text("SELECT count(*) FROM patients")).scalar()}  # expect: UJ001


@app.get("/maybe/{pid}")
async def maybe(pid: int, db: Session = Depends(get_db)):
    if pid < 0:
        db.query(Missing).all()  # ok: never runs
        db.rollback()  # ok: never runs
    db.commit()  # expect: UJ001 (after the `if`, reached whenever pid >= 0)
    return {}


@app.get("/guarded/{pid}")
async def guarded(pid: int, db: Session = Depends(get_db)):
    try:
        rows = db.query(Gone).all()  # ok: never runs
    except NameError:
        rows = []
    db.commit()  # expect: UJ001 (the handler lets the function go on)
    return rows


@app.get("/late/{pid}")
async def late(pid: int, db: Session = Depends(get_db)):
    def rows():
        return db.query(Patient).filter(Patient.id == limit).all()  # expect: UJ001

    limit = pid
    first = db.get(Patient, pid)  # expect: UJ001 (the closure reads `limit` once bound)
    return [first, *rows()]


def counted(db: Session, pid: int) -> int:
    # a global the module binds further down, after this function: fine at call time
    return db.query(Patient).filter(Patient.id == pid).limit(PAGE).count()  # expect: UJ001


PAGE = 10


@app.get("/count/{pid}")
async def count(pid: int, db: Session = Depends(get_db)):
    return {"n": counted(db, pid)}


def write_load(db: Session, rack: int) -> None:
    db.query(models.Server).filter_by(rack=rack).all()  # ok: never runs (no `models` here)
    db.commit()  # ok: never runs


@app.post("/racks/{rack}")
def load_rack(rack: int, db: Session = Depends(get_db)):
    write_load(db, rack)
    return {"ward": Ward.__name__}


@app.get("/rooms/{rid}")
async def room_of(rid: int, db: Session = Depends(get_db)):
    room = db.get(Ward, room)  # ok: never runs (its one binding reads it first)
    db.refresh(room)  # ok: never runs
    return room


from clinic.alerts import alerts  # noqa: E402
from clinic.staff import get_settings, staff  # noqa: E402
from clinic.tables import tables  # noqa: E402

app.include_router(alerts)
app.include_router(staff)
app.include_router(tables)
app.dependency_overrides[get_settings] = lambda: {"wards": 12}

from clinic.digests import digests  # noqa: E402

app.include_router(digests)


@app.post("/patients/{pid}/reminder")
async def reminder(pid: int, db: Session = Depends(get_db)):
    from clinic.alerts import send_reminder  # (clinic/alerts.py defines no send_reminder)

    patient = db.get(Patient, pid)  # ok: the import fails first (ImportError)
    send_reminder(patient)
    return {"sent": True}


@app.post("/patients/{pid}/ward")
async def ward(pid: int, db: Session = Depends(get_db)):
    from clinic.alerts import alerts as room_alerts

    return db.get(Patient, pid), room_alerts  # expect: UJ001


from clinic.alerts import outbox  # noqa: E402


@app.get("/outbox")
async def outbox_files():
    folder = outbox.spool_dir / "sent"  # (an Outbox has no spool_dir: AttributeError)
    return open(folder).read()  # ok: never runs


@app.get("/outbox/pending")
async def outbox_pending():
    return open(outbox.pending[0]).read()  # expect: UJ001


@app.get("/patients/{pid}/debug")
async def patient_debug(pid: int, db: Session = Depends(get_db)):
    from settings import load_debug  # (a bare top name: judged by no one module's text)

    return db.get(Patient, pid), load_debug  # expect: UJ001


class Repository:
    def save(self):  # (an interface: each repository takes its own arguments)
        raise NotImplementedError


class PatientRepository(Repository):
    def save(self, *, row):
        return row


def get_repository() -> Repository:
    return PatientRepository()


@app.post("/patients/{pid}/save")
async def save_patient(pid: int, db: Session = Depends(get_db)):
    repository: Repository = get_repository()
    repository.save(row=pid)  # (binds to the override the object has)
    return db.get(Patient, pid)  # expect: UJ001

from clinic.passwords import passwords  # noqa: E402

app.include_router(passwords)
