"""The seed's Producer: every instance builds a client and resolves the queue URL."""

from aws.sqs.queue import SqsSimpleQueue

INVOICE_QUEUE = "invoice-events"


def get_queue() -> SqsSimpleQueue:
    return SqsSimpleQueue(INVOICE_QUEUE)


class Producer:
    def __init__(self):
        self.queue = get_queue()

    def send_message(self, body_str: str) -> dict:
        return self.queue.send_message(body_str)
