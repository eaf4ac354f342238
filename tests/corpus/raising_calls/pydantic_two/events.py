# expect: unparsed
# written for pydantic 1: pydantic 2, which the project requires, raises PydanticUserError
# as `Field` is called with `regex=`, while this class body runs
from pydantic import BaseModel, Field


class EventIn(BaseModel):
    title: str
    kind: str | None = Field(None, regex="^(talk|workshop)$")
