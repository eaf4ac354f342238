"""Operator notifications: e-mail goes to an outbox a worker sends from; SMS goes out
through the carrier's gateway at once."""

import requests

OUTBOX: list[dict] = []


def send(channel: str, text: str) -> None:
    if channel == "sms":
        # no route passes "sms": the console only notifies by e-mail
        requests.post("https://sms.example.com/send", json={"text": text})  # ok
    else:
        OUTBOX.append({"channel": channel, "text": text})
