from .integrations import QueueFactory, SmsGateway, SqsQueue
from .integrations.queues import get_queue


class Notifier:
    def __init__(self, gateway: SmsGateway):
        self.gateway = gateway
        self.queue = get_queue()  # type from `return SqsQueue(...)`

    def sms(self, to: str, text: str) -> None:
        self.gateway.send(to, text)

    def event(self, body: str) -> None:
        self.queue.push(body)


def fan_out(queue, body):
    """Untyped parameters: typed from what call sites pass."""
    queue.push(body)


def fan_out_kw(*, target, body):
    target.push(body)


class Archive:
    def store(self, body: str) -> None:
        with open("/var/archive.log", "a") as fh:  # expect: UJ001
            fh.write(body)


def archive_via(sink, body):
    sink.store(body)


class Settings:
    def __init__(self, path: str):
        self.path = path

    @property
    def raw(self) -> str:
        with open(self.path) as fh:  # expect: UJ001
            return fh.read()


async def read_settings() -> str:
    settings = Settings("/etc/notify.toml")
    text = settings.raw
    return text
