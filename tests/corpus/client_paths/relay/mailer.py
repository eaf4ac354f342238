"""Azure clients built per request: an email client from its connection string on every
send, and a Cosmos client, whose construction reads the account over the network too."""

from azure.communication.email import EmailClient
from azure.cosmos import CosmosClient
from fastapi import APIRouter

router = APIRouter(prefix="/mail")


@router.post("/send")
async def send(to: str):
    client = EmailClient.from_connection_string("endpoint=https://mail.internal")  # expect: UJ003
    client.begin_send({"recipients": {"to": [{"address": to}]}})  # expect: UJ001
    return {"queued": True}


@router.get("/orders/{order_id}")
def order(order_id: str):
    cosmos = CosmosClient("https://db.internal", "key")  # expect: UJ003 (hides UJ005 here)
    orders = cosmos.get_database_client("shop").get_container_client("orders")
    return orders.read_item(order_id, partition_key=order_id)
