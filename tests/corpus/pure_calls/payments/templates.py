"""Invoice templates given as a file path, a dict, or an already-parsed model."""

from pathlib import Path
from typing import Union

from pydantic import BaseModel


class Template(BaseModel):
    title: str


async def load_template(spec: Union[str, Path, dict, Template]) -> dict:
    if isinstance(spec, dict):
        return spec
    if isinstance(spec, Template):
        return spec.model_dump()  # ok
    path = Path(spec)
    label = path.with_suffix(".json").name  # ok
    return {"title": label, "body": path.read_text()}  # expect: UJ001
