"""A user manager over fastapi-users' SQLAlchemy adapter: the adapter holds an AsyncSession,
whose `run_sync` hands the lambda a sync facade the async driver serves."""

from fastapi import Depends, FastAPI
from fastapi_users_db_sqlalchemy import SQLAlchemyUserDatabase
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import Session

from accounts.models import User
from accounts.queries import count_users, get_user_by_email

engine = create_async_engine("postgresql+asyncpg://app@localhost/app")
sessions = async_sessionmaker(engine)
app = FastAPI()


class UserManager:
    def __init__(self, session: AsyncSession, sync_session: Session):
        self.user_db = SQLAlchemyUserDatabase(session, User)
        self.sync_session = sync_session

    async def exists(self, email: str) -> bool:
        found = await self.user_db.session.run_sync(lambda s: get_user_by_email(email, s))
        return found is not None

    async def total(self) -> int:
        return count_users(self.sync_session)


async def get_manager():
    async with sessions() as session:
        yield UserManager(session, Session())


@app.get("/users/exists")
async def exists(email: str, manager: UserManager = Depends(get_manager)) -> bool:
    return await manager.exists(email)


@app.get("/users/total")
async def total(manager: UserManager = Depends(get_manager)) -> int:
    return await manager.total()
