"""A handler picks its model class from a dict by the kind it was built with: any of them
may be the one, so a call on it is a call on their common base, not on whichever class the
dict names first."""

import requests


class Model:
    @classmethod
    def create(cls, data: dict) -> dict:
        return dict(data)


class Category(Model):
    @classmethod
    def create(cls, data: dict) -> dict:
        return requests.post("https://taxonomy.example/categories", json=data).json()  # ok: /uses picks `Use`


class Use(Model):
    pass


class TaxonomyHandler:
    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.models = {"category": Category, "use": Use}

    def create(self, data: dict) -> dict:
        return self.models[self.kind].create(data)
