"""Seed 000 after the fix: one client per process, cached on the class in __new__."""

import boto3


class Producer:
    _client = None
    _queue_url = None

    def __new__(cls, *args, **kwargs):
        if cls._client is None:
            cls._client = boto3.client("sqs", region_name="us-east-1")  # ok: cached singleton
            cls._queue_url = cls._client.get_queue_url(QueueName="invoices")["QueueUrl"]  # ok: once
        return super().__new__(cls)

    def send_message(self, body_str: str):
        return self._client.send_message(QueueUrl=self._queue_url, MessageBody=body_str)  # ok: thread pool, limiter raised to 200
