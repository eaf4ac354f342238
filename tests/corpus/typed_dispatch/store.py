"""One entry point per operation that dispatches on the exact class of the filter it is
given (`type(model) is …`, through a local or not), or on `isinstance`: only the branch of
the class a caller builds runs for that caller."""

import requests

USERS = {"a@example.org": {"email": "a@example.org"}}


def filter_items(model):
    model_type = type(model)
    if model_type is UserFilter:
        return _filter_user(model)
    if model_type is FileFilter:
        return _filter_file(model)
    raise TypeError(model_type)


def count_items(model) -> int:
    if type(model) == UserFilter:
        return len(USERS)
    return len(requests.get("https://files.example.org/count").json())  # ok: only users counted


def rate(model):
    if isinstance(model, (UserFilter, FileFilter)):
        return _filter_file(model)
    return requests.get(f"https://ratings.example.org/{model.user}").json()  # expect: UJ001


def describe(model) -> dict:
    if type(model) is FileFilter:
        return {"name": model.name}
    if isinstance(model, FileFilter):  # (a subclass's object: not of that exact class)
        return requests.get(f"https://files.example.org/{model.name}/meta").json()  # expect: UJ001
    return requests.get("https://files.example.org/unknown").json()  # ok: always a FileFilter


def _filter_user(model):
    return [USERS[model.email]] if model.email in USERS else []


def _filter_file(model):
    return requests.get(f"https://files.example.org/{model.name}").json()  # ok: no caller passes one


from filters import FileFilter, UserFilter  # noqa: E402
