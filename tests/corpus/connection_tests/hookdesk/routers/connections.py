"""Clients built from what the request path looks up on its way: a stored connection row,
a user's token read through a session the code opens itself."""

from functools import lru_cache

import httpx
import openai
from fastapi import APIRouter, BackgroundTasks, Depends
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import Session

from hookdesk.models import Connection, Registry, User

router = APIRouter(prefix="/connections")
engine = create_async_engine("postgresql+asyncpg://db/hookdesk")
async_session = async_sessionmaker(engine)


def get_db():
    ...


class ConnectionService:
    def __init__(self, db: Session):
        self.db = db

    def get_connection(self, conn_id: int) -> Connection:
        return self.db.query(Connection).filter(Connection.id == conn_id).first()

    def adapter(self, conn_id: int) -> openai.OpenAI:
        conn = self.get_connection(conn_id)
        return self._build(conn)

    def _build(self, conn: Connection) -> openai.OpenAI:
        return openai.OpenAI(api_key=conn.api_key, base_url=conn.url)  # expect: UJ003


@router.post("/{conn_id}/ask")
def ask(conn_id: int, text: str, db: Session = Depends(get_db)) -> dict:
    client = ConnectionService(db).adapter(conn_id)
    reply = client.completions.create(prompt=text, model="small")  # expect: UJ005
    return {"text": reply.choices[0].text}


def fetch_page(url: str, timeout: float) -> str:
    with httpx.Client(timeout=timeout) as client:  # expect: UJ003
        return client.get(url).text


@router.post("/registries/{code_id}/pages")
def pages(code_id: int, db: Session = Depends(get_db)) -> dict:
    """`code_id` only selects the row: the timeout is the row's."""
    registry = db.get(Registry, code_id)  # expect: UJ005
    return {"html": fetch_page(registry.url, registry.timeout)}


async def sync_mail(user_id: int) -> None:
    async with async_session() as db:
        user = (await db.execute(select(User).where(User.id == user_id))).scalar_one()
        headers = {"Authorization": f"Bearer {user.token}"}
        async with httpx.AsyncClient(headers=headers) as client:  # expect: UJ003
            await client.get("https://mail.example/api/changes")


@router.post("/users/{user_id}/sync")
async def start_sync(user_id: int, tasks: BackgroundTasks) -> dict:
    tasks.add_task(sync_mail, user_id)
    return {"queued": True}


@lru_cache
def partner_settings() -> Registry:
    with httpx.Client() as client:
        return Registry(**client.get("https://config.internal/partner").json())  # expect: UJ001


@router.get("/partner")
async def partner(db: AsyncSession = Depends(get_db)) -> dict:
    """A memoised lookup gives the process's one answer, and the row read here is not what
    the client is built from: one client would do."""
    settings = partner_settings()
    await db.get(User, 1)
    async with httpx.AsyncClient(timeout=settings.timeout) as client:  # expect: UJ003
        return (await client.get("https://partner.internal/status")).json()


WEBHOOK_TIMEOUT = 5.0
HOOKS = ["https://hooks.internal/a", "https://hooks.internal/b"]


def _send_batch(urls: list[str], payload: dict, timeout: float) -> None:
    with httpx.Client(timeout=timeout) as client:  # expect: UJ003
        for url in urls:
            client.post(url, json=payload)


@router.post("/applications/{application_id}/withdraw")
def withdraw(application_id: int, tasks: BackgroundTasks) -> dict:
    """The request's id goes into the posted body, handed after the function to the task."""
    tasks.add_task(_send_batch, HOOKS, {"application_id": application_id}, WEBHOOK_TIMEOUT)
    return {"withdrawn": application_id}
