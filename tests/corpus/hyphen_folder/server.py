# expect: unparsed (resume_api is no importable name: the folder is resume-api/)
import subprocess

from fastapi import FastAPI

from resume_api.lib.utils.tmp import scratch_dir

app = FastAPI()


@app.post("/render")
async def render():
    subprocess.run(["true"])  # (the app cannot start: not checked)
    return {"dir": scratch_dir()}
