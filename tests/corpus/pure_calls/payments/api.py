from fastapi import APIRouter, Header, Request

from payments import storage, stripe_events, templates

router = APIRouter()


@router.post("/stripe/webhook")
async def webhook(request: Request, stripe_signature: str = Header()):
    event = stripe_events.decode(await request.body(), stripe_signature)
    customer = stripe_events.as_customer(event["data"]["object"])
    invoice = stripe_events.as_invoice(event["data"]["object"])
    storage.receipt_handle(invoice["id"])
    return {"customer": customer["id"]}


@router.post("/stripe/sync/{customer_id}")
async def sync(customer_id: str):
    customer = stripe_events.refresh(customer_id)
    if stripe_events.trial_end(customer) is None:
        stripe_events.close(customer)
    storage.store_receipt(customer_id, b"")
    storage.record(1)
    return {"rate": storage.rate("eur"), "link": storage.presign(customer_id)}


@router.post("/invoices/render")
async def render(spec: dict):
    return await templates.load_template(spec)


@router.post("/stripe/customers")
async def create_customer(email: str):
    return {"id": stripe_events.new_customer(email)["id"]}
