"""A FastAPI app whose routes use the JSON Schema vocabulary pydantic writes (served by
tests/test_load_schema_values.py): every route must get a request the app accepts."""

import datetime as dt
import enum
import ipaddress
import uuid
from decimal import Decimal
from typing import Annotated, Literal

from fastapi import FastAPI, Header, Path, Query
from pydantic import UUID1, BaseModel, Field, HttpUrl, IPvAnyAddress

app = FastAPI()


class Colour(enum.StrEnum):
    RED = "red"
    BLUE = "blue"


class Cat(BaseModel):
    kind: Literal["cat"]
    lives: int = Field(ge=1, le=9)


class Dog(BaseModel):
    kind: Literal["dog"]
    good: bool


class Point(BaseModel):
    x: Annotated[float, Field(gt=-1, lt=-0.5)]
    y: Annotated[int, Field(multiple_of=7, gt=10)]


class Everything(BaseModel):
    name: Annotated[str, Field(min_length=4, max_length=8)]
    code: Annotated[str, Field(pattern=r"^[A-Z]{2}-\d{3}(x|y)?$")]
    ratio: Annotated[float, Field(ge=0.5, le=0.75)]
    price: Decimal
    flag: bool
    colour: Colour
    pet: Annotated[Cat | Dog, Field(discriminator="kind")]
    either: int | str
    maybe: int | None
    when: dt.datetime
    day: dt.date
    at: dt.time
    took: dt.timedelta
    ident: uuid.UUID
    ident1: UUID1
    site: HttpUrl
    host: IPvAnyAddress
    net: ipaddress.IPv4Network
    point: Point
    points: Annotated[list[Point], Field(min_length=2)]
    pair: tuple[int, str]
    counts: Annotated[dict[str, int], Field(min_length=1)]
    tags: set[str]
    optional: str = "x"


@app.post("/everything/{item}")
def everything(
    item: uuid.UUID,
    body: Everything,
    ids: Annotated[list[int], Query()],
    colour: Colour,
    since: dt.date,
    word: Annotated[str | None, Query(max_length=3)],
    x_trace: Annotated[str, Header(pattern=r"^t-[0-9a-f]{4}$")],
):
    return {"ok": True}


@app.get("/bounds/{n}")
def bounds(
    n: Annotated[int, Path(lt=-3)],
    step: Annotated[int, Query(ge=5, multiple_of=5)],
    frac: Annotated[float, Query(gt=0, lt=1)],
):
    return {"n": n}


@app.put("/pets")
def pets(pets: Annotated[list[Cat | Dog], Field(min_length=1)]):
    return {"n": len(pets)}
