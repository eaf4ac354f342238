"""A feature store whose registry is fetched on first use and kept on the instance: a memo
on that instance only. The class is built in more than one place (a request builds a
throwaway one to describe a config), so its `self._registry` test is no memo in general —
but the app's routes read the one store its builder was handed."""

import requests


class Registry:
    def __init__(self, url: str):
        self.projects = requests.get(f"{url}/projects", timeout=10).json()  # expect: UJ002 (at start-up only: the routes read the kept store)


class FeatureStore:
    def __init__(self, url: str):
        self.url = url
        self._registry = None

    @property
    def registry(self) -> Registry:
        if self._registry is None:
            self._registry = Registry(self.url)
        return self._registry

    def describe(self) -> dict:
        return {"url": self.url}


def check_access(store: FeatureStore, project: str) -> bool:
    return project in store.registry.projects


class Catalog:
    """Built once by the app builder around the store: its `self.store` is that store."""

    def __init__(self, store: FeatureStore):
        self.store = store

    def projects(self) -> list:
        return self.store.registry.projects
