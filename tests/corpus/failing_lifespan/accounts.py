"""The account managers the services build at start-up."""


class AccountManager:
    def __init__(self, store_url: str) -> None:
        self.store_url = store_url

    async def create_admin(self) -> None:
        return None

    def update(self, row: object, changes: dict) -> None:
        for field, value in changes.items():
            setattr(row, field, value)


class AuditManager:
    def __init__(self, store_url: str) -> None:
        self.store_url = store_url
        self.seed_defaults = self.create_admin

    async def create_admin(self) -> None:
        return None
