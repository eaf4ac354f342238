"""A notification centre whose method picks the channel by an enum member: the bid route
asks for the in-app channel only, the settlement route for e-mail."""

import smtplib
from enum import Enum

from fastapi import FastAPI

app = FastAPI()


class Channel(Enum):
    IN_APP = "in_app"
    EMAIL = "email"


class Mailer:
    async def send(self, **message):
        server = smtplib.SMTP("smtp.example.com")  # expect: UJ001 (from the settlement route only)
        server.quit()  # expect: UJ001
        return message


class Inbox:
    async def send(self, **message):
        return message


class NotificationCenter:
    def __init__(self):
        self.mailer = Mailer()
        self.inbox = Inbox()

    async def notify(self, channel: Channel, **message):
        if channel == Channel.EMAIL:
            await self.mailer.send(**message)
        elif channel == Channel.IN_APP:
            await self.inbox.send(**message)


center = NotificationCenter()


@app.post("/bids")
async def place_bid(amount: int):
    await center.notify(Channel.IN_APP, text=f"new bid: {amount}")
    return {"amount": amount}


@app.put("/bids/{bid_id}/settle")
async def settle(bid_id: int):
    await center.notify(Channel.EMAIL, text=f"bid {bid_id} settled")
    return {"settled": bid_id}
