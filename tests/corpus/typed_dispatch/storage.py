"""The interface the routes hold: each method hands the filter on as it got it."""

from store import count_items, describe, filter_items, rate


class Storage:
    def filter_items(self, model):
        return filter_items(model)

    def count(self, model) -> int:
        return count_items(model)

    def rate(self, model):
        return rate(model)

    def describe(self, model) -> dict:
        return describe(model)


storage = Storage()
