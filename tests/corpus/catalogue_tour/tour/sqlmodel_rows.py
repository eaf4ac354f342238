from sqlmodel import Field, Session, SQLModel, select


class User(SQLModel, table=True):
    id: int = Field(primary_key=True)
    name: str


async def user_name(session: Session, user_id: int) -> str:
    user = session.exec(select(User).where(User.id == user_id)).one()  # expect: UJ001
    return user.name


__all__ = ["user_name"]  # (the coroutines this module offers)
