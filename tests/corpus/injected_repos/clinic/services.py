"""A repository handed to a base service's constructor, and a subclass that inherits that
constructor: `NavService(NavRepository())` runs `BaseService.__init__(self, repo)`, so
`self.repo.add(...)` is the repository's, and its flush is a round trip of the route."""


class NavRepository:
    def add(self, db, item):
        db.add(item)
        db.flush()


class BaseService:
    def __init__(self, repo):
        self.repo = repo

    def add(self, db, item):
        return self.repo.add(db, item)


class NavService(BaseService):
    def create(self, db, item):
        self.add(db, item)
        db.commit()  # expect: UJ005


nav_service = NavService(NavRepository())
