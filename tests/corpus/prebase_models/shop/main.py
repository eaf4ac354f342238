"""A query reading `Invoice.id`, an attribute the model has from the base's `cls=PreBase`:
the query runs, and so does the call after it, whose read blocks."""

from fastapi import Depends, FastAPI
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from shop.db import get_session
from shop.models import Invoice

app = FastAPI()


def read_pdf(path: str) -> bytes:
    with open(path, "rb") as handle:  # expect: UJ001
        return handle.read()


async def invoice_bytes(session: AsyncSession, invoice_id: int) -> bytes:
    query = select(Invoice).where(Invoice.id == invoice_id).order_by(Invoice.id)
    invoice = (await session.execute(query)).scalar_one()
    return read_pdf(invoice.pdf_path)


@app.get("/invoices/{invoice_id}/pdf")
async def invoice_pdf(invoice_id: int, session: AsyncSession = Depends(get_session)) -> dict:
    return {"size": len(await invoice_bytes(session, invoice_id))}
