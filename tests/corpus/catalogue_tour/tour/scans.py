"""Document tools that run a program and wait for it: pytesseract runs tesseract, pdfkit
runs wkhtmltopdf, pdf2image runs poppler. Handing the call to a thread is the fix."""

import asyncio

import pdfkit
import pytesseract
from pdf2image import convert_from_bytes
from pytesseract import pytesseract as engine


async def read_scan(image) -> str:
    return pytesseract.image_to_string(image, lang="eng")  # expect: UJ001


async def read_boxes(image) -> str:
    return engine.image_to_data(image)  # expect: UJ001


async def read_offloaded(image) -> str:
    return await asyncio.to_thread(pytesseract.image_to_string, image)  # ok: in a thread


async def render_invoice(html: str) -> bytes:
    return pdfkit.from_string(html, False)  # expect: UJ001


async def render_page(url: str) -> bytes:
    document = pdfkit.PDFKit(url, "url")  # ok: builds the command line only
    return document.to_pdf()  # expect: UJ001


async def preview(pdf: bytes) -> list:
    return convert_from_bytes(pdf, dpi=72)  # expect: UJ001


__all__ = ["preview", "read_boxes", "read_offloaded", "read_scan", "render_invoice", "render_page"]
