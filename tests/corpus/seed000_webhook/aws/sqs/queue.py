"""A thin SQS wrapper, as in seed 000: the constructor looks the queue up over the network."""

import boto3


class SqsSimpleQueue:
    def __init__(self, queue_name: str, region: str = "us-east-1"):
        self.client = boto3.client("sqs", region_name=region)  # expect: UJ003
        self.queue_url = self._get_queue_url_create_if_necessary(queue_name)

    def _get_queue_url_create_if_necessary(self, queue_name: str) -> str:
        try:
            return self.client.get_queue_url(QueueName=queue_name)["QueueUrl"]  # expect: UJ003
        except self.client.exceptions.QueueDoesNotExist:
            return self.client.create_queue(QueueName=queue_name)["QueueUrl"]  # ok: only while the queue is missing (the probe above failed)

    def send_message(self, body: str) -> dict:
        return self.client.send_message(QueueUrl=self.queue_url, MessageBody=body)  # expect: UJ001
