import subprocess

from fastapi import APIRouter

router = APIRouter()


@router.post("/invoices/{number}/pdf")
async def render_invoice(number: str):
    subprocess.run(["render-invoice", number])  # expect: UJ001
    return {"ok": True}
