"""PDF rendering, fonts and archives: laying a document out is CPU work, opening or saving
one at a path is file I/O; PyMuPDF, or tarfile, opened on bytes in memory reads no file."""

import fitz
import pymupdf
from PIL import ImageFont
from reportlab.pdfgen import canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate
from weasyprint import HTML


async def invoice_pdf(path: str, lines: list) -> str:
    doc = SimpleDocTemplate(path)  # ok: nothing laid out yet
    doc.build([Paragraph(line) for line in lines])  # expect: UJ001
    return path


async def stamp(path: str) -> None:
    sheet = canvas.Canvas(path)
    sheet.drawString(10, 10, "paid")  # ok: drawn in memory
    sheet.save()  # expect: UJ001


async def html_pdf(markup: str) -> bytes:
    return HTML(string=markup).write_pdf()  # expect: UJ001


async def page_count(path: str, data: bytes) -> int:
    on_disk = fitz.open(path)  # expect: UJ001
    in_memory = pymupdf.open(stream=data, filetype="pdf")  # ok: bytes in memory
    on_disk.save(path + ".copy")  # expect: UJ001
    return on_disk.page_count + in_memory.page_count


async def label_font(size: int):
    return ImageFont.truetype("DejaVuSans.ttf", size)  # expect: UJ001


async def unpack_bundle(path: str, data: bytes, target: str) -> list:
    import gzip
    import io
    import tarfile

    import rarfile

    with tarfile.open(path) as bundle:  # expect: UJ001
        bundle.extractall(target)  # expect: UJ001
    with tarfile.open(fileobj=io.BytesIO(data)) as inline:  # ok: bytes in memory
        names = inline.getnames()
    with rarfile.RarFile(path) as rar:  # expect: UJ001
        rar.extractall(target)  # expect: UJ001
    with gzip.open(path + ".gz", "rt") as log:  # expect: UJ001
        names.append(log.readline())
    with rarfile.RarFile(io.BytesIO(data)) as packed:  # ok: bytes in memory
        names += packed.namelist()
    return names


__all__ = ["html_pdf", "invoice_pdf", "label_font", "page_count", "stamp", "unpack_bundle"]
