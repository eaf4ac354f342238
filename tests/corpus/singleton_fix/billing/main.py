"""Seed 000's final version: sync handler, async get_body dependency, 200 threads."""

from contextlib import asynccontextmanager

from anyio import to_thread
from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import JSONResponse

from billing.producer import Producer

DEFAULT_FASTAPI_THREAD_POOL_WORKERS = 200


@asynccontextmanager
async def lifespan(app: FastAPI):
    to_thread.current_default_thread_limiter().total_tokens = DEFAULT_FASTAPI_THREAD_POOL_WORKERS
    yield


async def get_body(request: Request) -> str:
    body = await request.body()  # ok
    return body.decode("utf-8")


router = APIRouter(prefix="/webhooks")


@router.post("/invoice")  # ok: two sync pieces (Producer, the endpoint), one after another
def invoice_handler(
    body_str: str = Depends(get_body),
    producer: Producer = Depends(Producer),
) -> JSONResponse:
    producer.send_message(body_str)  # ok: sync handler, thread pool
    return JSONResponse(status_code=200, content={"status": "queued"})


@router.post("/invoice-async")
async def invoice_async(request: Request, producer: Producer = Depends(Producer)):
    from fastapi.concurrency import run_in_threadpool

    body = await request.body()
    await run_in_threadpool(producer.send_message, body.decode())  # ok: offloaded
    return JSONResponse(status_code=200, content={"status": "queued"})


app = FastAPI(lifespan=lifespan)  # ok: limiter raised
app.include_router(router)
