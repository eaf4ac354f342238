"""Upload tables and notes; read the bundled samples."""

import io
from pathlib import Path

from fastapi import FastAPI, UploadFile

from docs.readers import NoteReader, TableReader

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
