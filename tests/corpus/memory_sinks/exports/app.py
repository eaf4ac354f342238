"""Exports of a report: streamed from memory, or spooled to disk first."""

import zipfile

from fastapi import FastAPI
from fastapi.responses import StreamingResponse

from exports.sinks import ChunkBuffer, SpoolFile

app = FastAPI()


@app.get("/export")
async def export():
    async def chunks():
        buffer = ChunkBuffer()
        with zipfile.ZipFile(buffer, mode="w") as archive:  # ok
            archive.writestr("report.csv", "a,b\n1,2\n")  # ok
            yield buffer.drain()
        yield buffer.drain()

    return StreamingResponse(chunks(), media_type="application/zip")


@app.get("/spool")
async def spool():
    sink = SpoolFile("/tmp/report.zip")
    with zipfile.ZipFile(sink, mode="w") as archive:  # expect: UJ001
        archive.writestr("report.csv", "a,b\n1,2\n")
    return {"spooled": True}
