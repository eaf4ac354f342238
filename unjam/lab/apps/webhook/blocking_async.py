"""Step 1 — seed 000's original webhook: sync boto3 inside `async def`, Producer per request.

Two faults: `producer.send_message` blocks the event loop for the queue's round trip, and
`Depends(Producer)` builds a boto3 client and calls GetQueueUrl on every request (in the
thread pool, 40 tokens). Seed 000 at `vegeta attack -rate 500 -duration 5s`:
59% success, fastest 932 ms, 42 requests/s.
"""

from fastapi import Depends, FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from unjam.lab.apps.pool import thread_pool_lifespan
from unjam.lab.apps.webhook.models import Invoice
from unjam.lab.apps.webhook.producer import Producer

app = FastAPI(lifespan=thread_pool_lifespan(40))


@app.post("/webhooks/invoice")
async def invoice_handler(
    request: Request,
    producer: Producer = Depends(Producer),
) -> JSONResponse:
    body = await request.body()
    body_str = body.decode("utf-8")
    try:
        Invoice.model_validate_json(body_str)
        producer.send_message(body_str)  # blocking network call on the event loop
    except ValidationError as e:
        return JSONResponse(status_code=422, content={"error": e.errors()[:1]})
    return JSONResponse(status_code=200, content={"status": "queued"})
