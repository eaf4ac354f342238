import boto3


class SqsQueue:
    def __init__(self, name: str):
        self.sqs = boto3.client("sqs")  # expect: UJ003
        self.url = name

    def push(self, body: str) -> None:
        self.sqs.send_message(QueueUrl=self.url, MessageBody=body)  # expect: UJ001

    @classmethod
    def named(cls, name: str):
        return cls(name)


class QueueFactory:
    @staticmethod
    def default():
        return SqsQueue("default")  # return type inferred from the constructor call


def get_queue():
    return SqsQueue("events")
