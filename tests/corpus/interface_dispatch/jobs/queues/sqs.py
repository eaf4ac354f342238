import boto3

from jobs.queues.base import Queue

_sqs = boto3.client("sqs")


class SqsQueue(Queue):
    name = "sqs"

    def publish(self, body: str) -> None:
        _sqs.send_message(QueueUrl="https://sqs.example/jobs", MessageBody=body)  # expect: UJ001

    def size(self) -> int:
        reply = _sqs.get_queue_attributes(QueueUrl="https://sqs.example/jobs")  # expect: UJ001
        return int(reply["Attributes"]["ApproximateNumberOfMessages"])
