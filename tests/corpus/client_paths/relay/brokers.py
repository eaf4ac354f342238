"""Message brokers and MySQL from async code: an AMQP connection (aio-pika), a Kafka producer
(aiokafka) or a MySQL connection (aiomysql) opened per request pays the broker's or server's
handshake on every request; one opened once, in lifespan or behind a `None` check, does not.
A Kafka consumer made per streaming client is per client by design: it keeps that client's
offsets."""

import json

import aio_pika
import aiomysql
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from fastapi import APIRouter
from fastapi.responses import StreamingResponse

router = APIRouter(prefix="/brokers")
AMQP_URL = "amqp://guest:guest@rabbit.internal/"
KAFKA = "kafka.internal:9092"

_connection = None


async def amqp_channel():
    global _connection
    if _connection is None or _connection.is_closed:
        _connection = await aio_pika.connect_robust(AMQP_URL)  # ok (kept)
    return await _connection.channel()


@router.post("/ingest")
async def ingest(documents: list[dict]):
    async with await aio_pika.connect_robust(AMQP_URL) as connection:  # expect: UJ003
        channel = await connection.channel()
        for document in documents:
            body = json.dumps(document).encode()
            await channel.default_exchange.publish(aio_pika.Message(body), routing_key="ingest")
    return {"queued": len(documents)}


@router.post("/notify")
async def notify(event: dict):
    channel = await amqp_channel()
    await channel.default_exchange.publish(
        aio_pika.Message(json.dumps(event).encode()), routing_key="events"
    )
    return {"ok": True}


async def send_event(topic: str, event: dict) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=KAFKA)  # expect: UJ003
    await producer.start()
    try:
        await producer.send_and_wait(topic, json.dumps(event).encode())
    finally:
        await producer.stop()


@router.post("/events/{topic}")
async def publish_event(topic: str, event: dict):
    await send_event(topic, event)
    return {"ok": True}


@router.get("/events/{topic}/stream")
async def stream_events(topic: str):
    async def lines():
        consumer = AIOKafkaConsumer(topic, bootstrap_servers=KAFKA)  # ok (one per client)
        await consumer.start()
        try:
            async for message in consumer:
                yield message.value + b"\n"
        finally:
            await consumer.stop()

    return StreamingResponse(lines(), media_type="application/x-ndjson")


@router.get("/orders/{order_id}")
async def order(order_id: int):
    connection = await aiomysql.connect(host="mysql.internal", db="shop")  # expect: UJ003
    try:
        async with connection.cursor() as cursor:
            await cursor.execute("SELECT total FROM orders WHERE id = %s", (order_id,))
            return {"total": (await cursor.fetchone())[0]}
    finally:
        connection.close()
