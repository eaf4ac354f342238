"""`tracker.storage.treeutils` is a Cython module: the package's build compiles its `.pyx`
into an extension, so the import succeeds and the app starts."""

from fastapi import FastAPI

from tracker.storage.treeutils import encode_path  # ok

app = FastAPI()


@app.get("/runs/{run_id}")
async def get_run(run_id: str) -> dict:
    with open(f"/var/lib/tracker/{encode_path([run_id])}.json") as fp:  # expect: UJ001
        return {"run": fp.read()}
