"""What the API returns: a pydantic `Account`, which shares the model's name only."""

from pydantic import BaseModel


class Account(BaseModel):
    email: str
