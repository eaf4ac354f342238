import boto3

QUEUE = "jobs"
sqs = boto3.client("sqs")  # ok: one client per process


def get_sqs():
    return sqs
