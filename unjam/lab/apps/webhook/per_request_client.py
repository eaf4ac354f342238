"""Step 4 — seed 001's guess: "resolving the Producer is sync, move it to an async function".

The dependency becomes `async def get_producer()`, so FastAPI runs it on the event loop —
and it still builds a boto3 client and calls GetQueueUrl (a network round trip) per
request. The thread pool is spared; the loop now blocks instead (seed 001's profile:
0.486 s in `get_queue` under `solve_dependencies`). Pool 100, send via run_in_threadpool.
"""

from fastapi import Depends, FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from unjam.lab.apps.pool import thread_pool_lifespan
from unjam.lab.apps.webhook.models import Invoice
from unjam.lab.apps.webhook.producer import Producer

app = FastAPI(lifespan=thread_pool_lifespan(100))


async def get_producer() -> Producer:
    return Producer()  # client build + GetQueueUrl round trip, on the event loop


@app.post("/webhooks/invoice")
async def invoice_handler(
    request: Request,
    producer: Producer = Depends(get_producer),
) -> JSONResponse:
    body = await request.body()
    body_str = body.decode("utf-8")
    try:
        Invoice.model_validate_json(body_str)
        await run_in_threadpool(producer.send_message, body_str)
    except ValidationError as e:
        return JSONResponse(status_code=422, content={"error": e.errors()[:1]})
    return JSONResponse(status_code=200, content={"status": "queued"})
