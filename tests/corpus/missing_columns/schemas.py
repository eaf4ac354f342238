from typing import ClassVar

from pydantic import BaseModel


class RSVPIn(BaseModel):
    email: str
    note: str


class RSVPWithStatus(RSVPIn):
    status: str
    kind: ClassVar[str] = "rsvp"  # no field: not dumped
