"""Receipts in S3 and a local SQLite ledger."""

import sqlite3

import boto3
import httpx
import requests

s3 = boto3.resource("s3")
RECEIPTS = s3.Bucket("receipts")
HTTP = httpx.Client(base_url="http://fx.internal")
SESSION = requests.Session()
LEDGER = sqlite3.connect("ledger.db", check_same_thread=False)


def receipt_handle(key: str):
    return RECEIPTS.Object(key)  # ok


def store_receipt(key: str, body: bytes) -> None:
    RECEIPTS.Object(key).put(Body=body)  # expect: UJ001


def presign(key: str) -> str:
    client = boto3.client("s3")  # expect: UJ003
    return client.generate_presigned_url("get_object", Params={"Key": key})  # ok


def rate(currency: str) -> float:
    with HTTP:  # ok
        return HTTP.get(f"/rate/{currency}").json()["rate"]  # expect: UJ001


def record(amount: int) -> None:
    with LEDGER:  # ok
        LEDGER.execute("insert into ledger values (?)", (amount,))  # expect: UJ001
    with SESSION:  # ok
        pass
