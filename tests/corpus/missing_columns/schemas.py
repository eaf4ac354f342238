from typing import ClassVar

from pydantic import BaseModel, Field


class RSVPIn(BaseModel):
    email: str
    note: str


class RSVPWithStatus(RSVPIn):
    status: str
    kind: ClassVar[str] = "rsvp"  # no field: not dumped


class RSVPWithSecret(RSVPIn):
    secret: str = Field(exclude=True)  # not dumped


class RSVPForEvent(BaseModel):
    event_id: int
    note: str
