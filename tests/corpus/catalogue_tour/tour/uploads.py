"""An uploaded file past 1 MiB is spooled to disk: reading it through the raw `file` reads
the disk on the loop; the UploadFile's own awaited read runs in a thread."""

from fastapi import UploadFile


async def upload_size(upload: UploadFile) -> int:
    data = upload.file.read()  # expect: UJ001
    return len(data)


async def upload_lines(upload: UploadFile) -> int:
    return len(upload.file.readlines())  # expect: UJ001


async def upload_size_awaited(upload: UploadFile) -> int:
    data = await upload.read()  # ok: Starlette reads a spooled file in a thread
    upload.file.seek(0)  # ok: a seek reads nothing
    return len(data)


async def spooled_copy(data: bytes) -> bytes:
    import tempfile

    buffer = tempfile.SpooledTemporaryFile()  # (no max_size: it never leaves memory)
    buffer.write(data)
    buffer.seek(0)
    return buffer.read()  # ok: in memory


__all__ = ["spooled_copy", "upload_lines", "upload_size", "upload_size_awaited"]
