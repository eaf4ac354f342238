"""openpyxl: loading a workbook parses all of it, from a file or from bytes in memory (CPU
work, still on the loop); saving writes it out."""

import io

from openpyxl import Workbook, load_workbook


async def import_upload(content: bytes) -> int:
    workbook = load_workbook(io.BytesIO(content), read_only=True)  # expect: UJ001 (CPU)
    return workbook.active.max_row


async def import_saved(path: str) -> int:
    workbook = load_workbook(path)  # expect: UJ001
    return workbook.active.max_row


async def export_rows(rows: list[list[str]]) -> bytes:
    workbook = Workbook()  # ok: an empty workbook in memory
    sheet = workbook.active
    for row in rows:
        sheet.append(row)  # ok: cells in memory
    buffer = io.BytesIO()
    workbook.save(buffer)  # expect: UJ001 (CPU: zipped XML into memory)
    return buffer.getvalue()


__all__ = ["export_rows", "import_saved", "import_upload"]
