"""API annotations that mark a function and hand it back as it is (Ludwig's and Ray's
`@DeveloperAPI`): used bare or called, the call's arguments are the function's own, so a
branch that a literal argument rules out never runs."""

import shutil

from fastapi import APIRouter

datasets = APIRouter(prefix="/datasets")


def _mark(obj) -> None:
    if hasattr(obj, "__name__"):
        obj._annotated = obj.__name__


def DeveloperAPI(*args, **kwargs):
    if len(args) == 1 and len(kwargs) == 0 and callable(args[0]):
        return DeveloperAPI()(args[0])

    def wrap(obj):
        obj.__doc__ = (obj.__doc__ or "") + "\n\nDeveloperAPI: may change."
        _mark(obj)
        return obj

    return wrap


def registered(obj):
    _mark(obj)
    return obj


@DeveloperAPI
def load_uris(dataset, training_set):
    if dataset is not None:
        return dataset
    if training_set is not None:
        shutil.copytree(training_set, "/tmp/training")  # ok: every call passes training_set=None
    return None


@DeveloperAPI(stability="beta")
def prepare(rows, copy_to=None):
    if copy_to is not None:
        shutil.copytree(rows, copy_to)  # ok: the route passes no copy_to
    return rows


@registered
def archive(path, keep=True):
    if not keep:
        shutil.rmtree(path)  # ok: the route keeps it
    return path


@datasets.post("/")
async def upload(rows: list[dict]):
    loaded = load_uris(rows, None)
    return prepare(loaded), archive("/tmp/rows", keep=True)
