"""A client a dependency builds from the settings the app keeps on its state: the same
settings on every request, so one client made at start-up would serve them all."""

import httpx
from fastapi import APIRouter, Depends, Request

router = APIRouter()


class Gateway:
    def __init__(self, api_key: str):
        self.client = httpx.Client(headers={"Authorization": api_key})  # expect: UJ003


def current_resources(request: Request):
    return request.app.state.resources


def get_gateway(resources=Depends(current_resources)) -> Gateway:
    return Gateway(resources.settings.api_key)


@router.post("/pay")  # expect: UJ005
def pay(gateway: Gateway = Depends(get_gateway)):
    return gateway.client is not None
