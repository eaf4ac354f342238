"""A sync route that returns a FileResponse: Starlette reads the file through the thread
pool as it sends it (a stat, the open, a read per 64 KiB, the close), so the route's trip
count is a floor. So it is for a route that takes an uploaded file, which Starlette spools
to disk past 1 MiB through the thread pool."""

import io
from typing import Annotated

from fastapi import Depends, FastAPI, File, Form, UploadFile
from fastapi.responses import FileResponse, StreamingResponse

app = FastAPI()


def get_db():
    yield None


def user(db=Depends(get_db)):
    return 1


def perms(u=Depends(user)):
    return 1


@app.get("/files/{name}")  # expect: UJ005
def download(name: str, u=Depends(user), p=Depends(perms)):
    return FileResponse(f"/srv/files/{name}")


def rows():
    for i in range(100):
        yield f"{i}\n"


@app.get("/export")  # expect: UJ005
def export(u=Depends(user), p=Depends(perms)):
    return StreamingResponse(rows(), media_type="text/csv")


@app.get("/events")  # expect: UJ005
def events(u=Depends(user), p=Depends(perms)):
    def frames():
        yield "data: 1\n\n"

    return StreamingResponse(content=frames())


async def pages():
    yield "page"


@app.get("/pages")  # expect: UJ005
def paged(u=Depends(user), p=Depends(perms)):
    return StreamingResponse(pages())


@app.post("/files")  # expect: UJ005
def upload(file: UploadFile, u=Depends(user), p=Depends(perms)):
    return {"name": file.filename}


@app.post("/scans")  # expect: UJ005
def scan(pages: Annotated[list[bytes], File()], u=Depends(user), p=Depends(perms)):
    return {"pages": len(pages)}


@app.post("/notes")  # expect: UJ005
def note(text: Annotated[str, Form()], u=Depends(user), p=Depends(perms)):
    return {"text": text}


@app.get("/report.csv")  # expect: UJ005
def report(u=Depends(user), p=Depends(perms)):
    return StreamingResponse(iter(["id,name\n"]), media_type="text/csv")


@app.get("/archive.zip")  # expect: UJ005
def archive(u=Depends(user), p=Depends(perms)):
    buffer = io.BytesIO(b"PK")
    return StreamingResponse(buffer, media_type="application/zip")


@app.get("/objects/{key}")  # expect: UJ005
def fetch_object(key: str, u=Depends(user), p=Depends(perms)):
    found = storage.fetch(key)
    return StreamingResponse(found["Body"].iter_chunks(chunk_size=65536))


class ObjectStore:
    def fetch(self, key: str) -> dict:
        return {"Body": None}


storage = ObjectStore()


def build_receipt(order_id: int) -> io.BytesIO:
    buffer = io.BytesIO()
    buffer.write(b"%PDF receipt %d" % order_id)
    buffer.seek(0)
    return buffer


@app.get("/receipts/{order_id}.pdf")  # expect: UJ005
def receipt(order_id: int, u=Depends(user), p=Depends(perms)):
    pdf = build_receipt(order_id)  # (a helper builds the buffer: still a sync iterable)
    return StreamingResponse(pdf, media_type="application/pdf")
