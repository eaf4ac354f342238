"""The seeds' SQS wrapper: the constructor builds a boto3 client and looks the queue up.

`SqsSimpleQueue(name)` costs a client build (~5 ms of CPU) plus a `GetQueueUrl` round trip —
harmless once, ruinous per request (seed 000's profile: 0.478 s in `SqsSimpleQueue.__init__`).
The endpoint is `LAB_SQS_ENDPOINT` (the lab's moto behind its latency proxy).
"""

from __future__ import annotations

import os

import boto3
from botocore.config import Config

QUEUE_NAME = os.environ.get("LAB_QUEUE_NAME", "invoice-events")
# boto3's default pool keeps 10 connections; with 100-200 threads sharing one client the rest
# would reconnect on every call. The lab sizes it so the seeds' fixes are what is measured.
CLIENT_CONFIG = Config(max_pool_connections=256, retries={"max_attempts": 3, "mode": "standard"})


def sqs_client():
    return boto3.client(
        "sqs",
        endpoint_url=os.environ.get("LAB_SQS_ENDPOINT") or None,
        region_name=os.environ.get("AWS_DEFAULT_REGION", "us-east-1"),
        config=CLIENT_CONFIG,
    )


class SqsSimpleQueue:
    def __init__(self, queue_name: str):
        self.client = sqs_client()
        self.queue_url = self._get_queue_url_create_if_necessary(queue_name)

    def _get_queue_url_create_if_necessary(self, queue_name: str) -> str:
        try:
            return self.client.get_queue_url(QueueName=queue_name)["QueueUrl"]
        except self.client.exceptions.QueueDoesNotExist:
            return self.client.create_queue(QueueName=queue_name)["QueueUrl"]

    def send_message(self, body: str) -> dict:
        return self.client.send_message(QueueUrl=self.queue_url, MessageBody=body)
