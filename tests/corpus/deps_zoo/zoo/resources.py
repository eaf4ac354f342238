from collections.abc import AsyncIterator, Iterator
from functools import lru_cache
from typing import Annotated

import boto3
import httpx
import psycopg2
from fastapi import Depends

S3 = boto3.client("s3")  # ok: module level


def get_s3():
    return S3  # ok: returns the module-level client


@lru_cache
def get_cached_sqs():
    return boto3.client("sqs")  # ok: lru_cache factory, built once


def get_conn() -> Iterator:
    conn = psycopg2.connect("dbname=zoo")  # expect: UJ003
    try:
        yield conn
    finally:
        conn.close()


async def get_http() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient() as client:  # expect: UJ003
        yield client


class Inventory:
    """A class dependency: __init__ always runs in the thread pool."""

    def __init__(self, conn=Depends(get_conn)):
        self.conn = conn
        self.http = httpx.Client(timeout=5)  # expect: UJ003

    def count(self) -> int:
        cur = self.conn.cursor()
        cur.execute("select count(*) from animals")  # expect: UJ001
        return cur.fetchone()[0]  # ok: a client-side cursor holds the rows execute fetched


class Keeper:
    def __init__(self):
        self.name = "keeper"


InventoryDep = Annotated[Inventory, Depends(Inventory)]


_tenant_clients: dict = {}


def get_tenant_client(tenant: str = "default"):
    client = _tenant_clients.get(tenant)
    if client is not None:
        return client
    client = httpx.Client(base_url=f"https://{tenant}.internal")  # ok: cached per tenant
    _tenant_clients[tenant] = client
    return client


def get_fresh_client():
    client = httpx.Client()  # expect: UJ003
    return client
