"""The filters a caller builds to ask the store for one kind of item."""

from pydantic import BaseModel


class UserFilter(BaseModel):
    email: str


class FileFilter(BaseModel):
    name: str


class RatingFilter(BaseModel):
    user: str


class ArchivedFileFilter(FileFilter):
    year: int
