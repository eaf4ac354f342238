"""Upload tables and notes; read the bundled samples."""

import io
from pathlib import Path

from fastapi import FastAPI, UploadFile

from docs.readers import NoteReader, TableReader
from docs.store import put_object

app = FastAPI()
SAMPLES = Path(__file__).parent / "samples"


@app.post("/tables")
async def upload_table(upload: UploadFile):
    contents = await upload.read()
    table = io.StringIO(contents.decode())
    return {"rows": len(TableReader().read(table))}


@app.post("/notes")
async def upload_note(upload: UploadFile):
    buffer = io.BytesIO(await upload.read())
    return {"text": NoteReader().read(buffer)}


@app.get("/samples/{name}")
async def sample(name: str):
    return {"text": NoteReader().read(SAMPLES / f"{name}.txt")}


@app.put("/notes/{key}")
async def save_note(key: str, text: str):
    put_object(key=key, data=text.encode("utf-8"))


@app.put("/tables/{key}")
async def save_table(key: str, upload: UploadFile):
    buffer = io.BytesIO(await upload.read())
    put_object(key=key, data=buffer.read())


@app.put("/uploads/{key}")
async def save_upload(key: str, upload: UploadFile):
    put_object(key=key, data=upload.file)
