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


class RSVPPatch(BaseModel):
    note: str | None = None


class RSVPFlags(BaseModel):
    going: bool = False

    def dict(self, only_set: bool = False) -> dict:
        return self.model_dump(exclude_unset=only_set)
