"""`db = next(get_db())` outside FastAPI's injection (a middleware, a websocket handler)
holds what the generator yields: a sync Session, whose queries block the loop there."""

from fastapi import FastAPI, WebSocket
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker
from starlette.middleware.base import BaseHTTPMiddleware

SessionLocal = sessionmaker(bind=create_engine("postgresql://shop@db/shop"))


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


def numbers():
    yield 1


class AuditMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        db = next(get_db())
        db.execute(text("insert into audit values (1)"))  # expect: UJ001
        first = next(numbers())  # ok: a plain generator's value
        request.state.first = first
        return await call_next(request)


app = FastAPI()
app.add_middleware(AuditMiddleware)


@app.websocket("/ws")
async def feed(ws: WebSocket):
    db: Session = next(get_db())
    await ws.accept()
    rows = db.execute(text("select 1")).all()  # expect: UJ001
    await ws.send_json(len(rows))


def get_tenant_db():
    db = SessionLocal()
    db.execute(text("set search_path to tenant"))  # expect: UJ001
    try:
        yield db
        db.commit()  # ok: `next(...)` stops at the `yield`, and nothing resumes it
    except Exception:
        db.rollback()  # ok: likewise
        raise
    finally:
        db.close()


@app.websocket("/ws/tenant")
async def tenant_feed(ws: WebSocket):
    db = next(get_tenant_db())
    await ws.accept()
    await ws.send_json(db.info.get("tenant"))
