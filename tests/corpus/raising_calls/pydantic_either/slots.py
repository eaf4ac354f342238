# requirements.txt pins pydantic 1, the Pipfile pydantic 2: which one installs is not said,
# so `regex=` is not taken to raise
from pydantic import BaseModel, Field


class SlotIn(BaseModel):
    code: str = Field(..., regex="^[A-Z]{3}$")
