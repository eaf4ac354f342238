from typing import Annotated

from fastapi import APIRouter, Depends

from notify.integrations import SmsGateway, SqsQueue
from notify.integrations.queues import QueueFactory
from notify.services import Archive, Notifier, archive_via, fan_out, fan_out_kw

router = APIRouter(prefix="/alerts")
gateway = SmsGateway()


def get_notifier() -> Notifier:
    return Notifier(gateway)


@router.post("/sms")
async def sms(to: str, notifier: Annotated[Notifier, Depends(get_notifier)]):
    notifier.sms(to, "hello")
    return {"sent": True}


@router.post("/event")
async def event(body: str, notifier: Notifier = Depends(get_notifier)):
    notifier.event(body)


@router.post("/direct")
async def direct(body: str):
    local = SqsQueue.named("direct")
    local.push(body)
    fan_out(QueueFactory.default(), body)
    fan_out_kw(target=local, body=body)
    archive_via(Archive(), body)


@router.get("/settings")
async def settings_text():
    from notify.services import read_settings

    return {"text": await read_settings()}
