"""A store a factory hands out (`get_store()`), or one named through `cast`: the fix hands
the thread the bound method as the caller writes it (`get_store().archive`), never the
class's own function (`Store.archive`), which would need the instance passed."""

import shutil


class Store:
    def archive(self, rental_id: int) -> None:
        shutil.copy(f"/srv/{rental_id}.json", "/archive/")  # expect: UJ001

    def restore(self, rental_id: int) -> None:
        shutil.copy(f"/archive/{rental_id}.json", "/srv/")  # expect: UJ001


_store = Store()


def get_store() -> Store:
    return _store
