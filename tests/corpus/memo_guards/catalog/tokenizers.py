"""A pool of vocabulary tables, one per tokenizer name, kept in a class attribute the module
assigns after the class body. `if name in Vocabulary._pool: return` exits early once the
name is loaded; the rest of the method fills the pool, so each new name pays once. A test of
a table nothing here fills is a switch: the rest runs on every call."""

import json

from fastapi import APIRouter

tokenizers = APIRouter()
BLOCKED = {"legacy"}


class Vocabulary:
    def __init__(self, words: dict):
        self.words = words

    @staticmethod
    def load(name: str) -> None:
        if name in Vocabulary._pool:
            return
        with open(f"vocab/{name}.json") as fh:  # expect: UJ001 (on a cache miss only)
            words = json.load(fh)
        Vocabulary._pool[name] = Vocabulary(words)

    @staticmethod
    def get(name: str) -> "Vocabulary":
        return Vocabulary._pool[name]


Vocabulary._pool = {}


def describe(name: str) -> str:
    if name in BLOCKED:
        return ""
    with open(f"vocab/{name}.txt") as fh:  # expect: UJ001
        return fh.read()


@tokenizers.get("/vocab/{name}")
async def vocabulary(name: str):
    Vocabulary.load(name)
    return {"size": len(Vocabulary.get(name).words), "about": describe(name)}
