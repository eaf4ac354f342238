"""Regional queue clients kept in module-level dicts, and a sync HTTP client wrapper."""

import boto3
import httpx

QUEUES = {
    "eu": boto3.client("sqs", region_name="eu-west-1"),
    "us": boto3.client("sqs", region_name="us-east-1"),
}
TOPICS: dict[str, httpx.Client] = {}


def register_topic(name: str, base_url: str) -> None:
    TOPICS[name] = httpx.Client(base_url=base_url)


class Webhooks:
    def __init__(self) -> None:
        self.http = httpx.Client(timeout=5)

    def deliver(self, url: str, body: dict) -> int:
        return self.http.post(url, json=body).status_code  # expect: UJ001

    def probe(self, url: str) -> int:
        with self.http.stream("GET", url) as response:  # ok (handed to the thread pool)
            return response.status_code


WEBHOOKS = Webhooks()
