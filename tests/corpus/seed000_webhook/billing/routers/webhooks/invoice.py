"""Seed 000's webhook, as written in the field report (before any fix)."""

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from billing.models import Invoice
from billing.sqs.invoice import Producer

router = APIRouter(prefix="/webhooks")


@router.post("/invoice")
async def invoice_handler(
    request: Request,
    producer: Producer = Depends(Producer),
) -> JSONResponse:
    body = await request.body()  # ok
    body_str = body.decode("utf-8")
    try:
        Invoice.model_validate_json(body_str)  # ok
        producer.send_message(body_str)  # ok (reported where boto3 is called)
    except ValidationError as e:
        return JSONResponse(status_code=422, content={"error": str(e)})
    except Exception as e:
        return JSONResponse(status_code=500, content={"error": str(e)})
    return JSONResponse(status_code=200, content={"status": "queued"})
