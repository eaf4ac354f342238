"""Services the container builds: what a lookup hands back is an instance of the class asked
for, so the methods called on it are this project's."""

import sqlite3

import requests


class Migrations:
    def __init__(self, path: str = "shop.db") -> None:
        self.path = path

    def apply(self) -> None:
        with sqlite3.connect(self.path) as db:  # expect: UJ002
            db.execute("create table if not exists orders (id integer)")  # expect: UJ002


class Rates:
    def quote(self, currency: str) -> float:
        answer = requests.get(f"https://rates.example/{currency}", timeout=5)  # expect: UJ001
        return answer.json()["rate"]

    async def cached(self, currency: str) -> float:
        return {"EUR": 1.0}.get(currency, 0.0)  # ok: nothing blocks


class Stock:
    def count(self, sku: str) -> int:
        return len(requests.get(f"https://stock.example/{sku}", timeout=5).text)  # expect: UJ001
