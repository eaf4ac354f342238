import os
import shutil

from fastapi import APIRouter

from codegen.settings import (
    ALLOW_OVERWRITE,
    AUDIT_UPLOADS,
    DEBUG,
    EXPORT_ENABLED,
    PREVIEW_ENABLED,
)

router = APIRouter()


def write_sources(table: str) -> None:
    os.makedirs(f"gen/{table}", exist_ok=True)  # ok (only reached below the dead switch)
    with open(f"gen/{table}/model.py", "w") as out:  # ok (likewise)
        out.write("# generated\n")


@router.post("/gen/{table}/local")
async def generate_locally(table: str):
    if not ALLOW_OVERWRITE:
        return {"error": "writing generated code to disk is turned off"}
    write_sources(table)
    return {"written": table}


@router.post("/uploads/{name}")
async def upload(name: str, body: bytes = b""):
    if AUDIT_UPLOADS:
        with open("audit.log", "a") as log:  # expect: UJ001
            log.write(name + "\n")
    if not AUDIT_UPLOADS:
        shutil.rmtree("audit")  # ok (AUDIT_UPLOADS is always true)
    return {"size": len(body)}


@router.get("/export")
async def export():
    if EXPORT_ENABLED:
        shutil.make_archive("export", "zip", "data")  # expect: UJ001
    return {}


@router.get("/preview/{table}")
async def preview(table: str):
    if PREVIEW_ENABLED:
        return {"files": os.listdir(f"gen/{table}")}  # expect: UJ001
    return {}


@router.get("/debug/{table}")
async def debug_dump(table: str):
    if DEBUG:
        return {"files": os.listdir(f"gen/{table}")}  # expect: UJ001
    return {}
