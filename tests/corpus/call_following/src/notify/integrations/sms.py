import requests


class LoggingSession(requests.Session):
    """A project subclass of requests.Session: its inherited methods still block."""

    def log(self, msg: str) -> None:
        print(msg)  # ok


class SmsGateway:
    def __init__(self) -> None:
        self.http = LoggingSession()

    @property
    def endpoint(self) -> str:
        return "https://sms.internal/send"

    def send(self, to: str, text: str) -> None:
        self.http.log(text)
        self.http.post(self.endpoint, json={"to": to, "text": text})  # expect: UJ001
