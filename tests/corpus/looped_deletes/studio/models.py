from typing import Optional

from sqlmodel import Field, Relationship, SQLModel


class Folder(SQLModel, table=True):
    id: Optional[int] = Field(default=None, primary_key=True)
    name: str
    flows: list["Flow"] = Relationship(
        back_populates="folder", sa_relationship_kwargs={"cascade": "all, delete"}
    )


class Flow(SQLModel, table=True):
    id: Optional[int] = Field(default=None, primary_key=True)
    name: str
    folder_id: Optional[int] = Field(default=None, foreign_key="folder.id")
    folder: Optional[Folder] = Relationship(back_populates="flows")
    messages: list["Message"] = Relationship(back_populates="flow")


class Message(SQLModel, table=True):
    id: Optional[int] = Field(default=None, primary_key=True)
    flow_id: Optional[int] = Field(default=None, foreign_key="flow.id")
    flow: Optional[Flow] = Relationship(back_populates="messages")
    text: str


class Build(SQLModel, table=True):
    id: Optional[int] = Field(default=None, primary_key=True)
    flow_id: Optional[int] = Field(default=None, foreign_key="flow.id")
    log: str
