from abc import ABC, abstractmethod


class LeaseStore(ABC):
    @abstractmethod
    def renew(self, lease_id: int) -> dict: ...


class SqlLeaseStore(LeaseStore):
    """The server's store: its `renew` comes from a plugin this package does not ship."""

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
