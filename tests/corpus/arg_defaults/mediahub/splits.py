"""Splits named by module constants (`FULL = "full"`, imported): the route leaves `split` at
its default, `FULL`, through a method that passes it on, so `split != FULL` never holds and
`split == TRAINING` neither; a test against a name that holds no constant stays undecided."""

import shutil

from fastapi import APIRouter

from mediahub.modes import FULL, MODE, TRAINING

splits = APIRouter(prefix="/splits")


def load(dataset, split=FULL):
    if split != FULL:
        shutil.copytree(dataset, "/tmp/split")  # ok: every call leaves split at FULL
    if split == TRAINING:
        shutil.rmtree("/tmp/train")  # ok: FULL is not TRAINING
    return dataset


def reload(dataset, mode=FULL):
    if mode != MODE:
        shutil.copytree(dataset, "/tmp/mode")  # expect: UJ001 (MODE is read at start-up)
    return dataset


class Predictor:
    def predict(self, dataset, split: str = FULL):
        return load(dataset, split=split)


predictor = Predictor()


@splits.post("/")
async def predict(rows: list[dict]):
    return predictor.predict(rows), reload(rows)
