# pydantic 1, which the project pins, takes `regex=`; `pattern=None` is no removed argument
from pydantic import BaseModel, Field


class VenueIn(BaseModel):
    name: str = Field(..., regex="^[A-Z]")
    note: str | None = Field(None, const=None)
