import httpx
import requests
from sqlalchemy.orm import Session


class CRUDBase:
    def __init__(self, db: Session):
        self._db = db

    def create(self, row):
        self._db.add(row)  # ok: only stages the row
        self._db.commit()  # expect: UJ001
        self._db.refresh(row)  # expect: UJ001
        return row


class Orders(CRUDBase):
    def create(self, row):
        row.code = row.code.upper()
        return super().create(row)


class Refunds(CRUDBase):
    def create(self, row):
        return super(Refunds, self).create(row)


class Notifier:
    def __init__(self):
        self.client = httpx.Client(base_url="https://notify.example.com")  # expect: UJ003


class OrderNotifier(Notifier):
    def __init__(self, channel: str):
        super().__init__()
        self.channel = channel


class RetryingSession(requests.Session):
    def request(self, method, url, **kwargs):
        kwargs.setdefault("timeout", 5)
        return super().request(method, url, **kwargs)  # expect: UJ001
