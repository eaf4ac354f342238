"""An engine that loads its model on first use (`if self._loaded: return` … `self._loaded =
True`) and again after its `model` setter sets the flag back: the read runs on the first
call and after each change of model, not once, and not on every call."""

import json

from fastapi import APIRouter

engines = APIRouter(prefix="/engines")


class Engine:
    def __init__(self) -> None:
        self._model = "small"
        self._loaded = False
        self._weights: dict[str, str] = {}

    @property
    def model(self) -> str:
        return self._model

    @model.setter
    def model(self, value: str) -> None:
        self._model = value
        self._loaded = False

    def load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        with open(f"/srv/models/{self._model}.json") as source:  # expect: UJ001
            self._weights = json.load(source)

    async def answer(self, prompt: str) -> str:
        self.load()
        return self._weights.get(prompt, "")


engine = Engine()


@engines.get("/answer")
async def answer(prompt: str):
    return {"answer": await engine.answer(prompt)}


@engines.post("/model")
async def switch(name: str):
    engine.model = name
    return {"model": name}
