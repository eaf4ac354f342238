from fastapi import HTTPException, Request


def read_only_guard(request: Request) -> None:
    if request.app.state.read_only and request.method != "GET":
        raise HTTPException(status_code=403, detail="read-only")


def viewer_guard(request: Request) -> None:
    if request.method != "GET" and request.headers.get("x-role") == "viewer":
        raise HTTPException(status_code=403, detail="viewers cannot write")


def key_guard(request: Request) -> None:
    if not request.headers.get("x-api-key"):
        raise HTTPException(status_code=401, detail="missing key")


def quota_guard(request: Request) -> None:
    if request.headers.get("x-over-quota"):
        raise HTTPException(status_code=429, detail="over quota")


async def audit_request(request: Request) -> None:
    with open("/var/log/gallery/audit.log", "a") as log:  # expect: UJ001 (when audited)
        log.write(f"{request.method} {request.url.path}\n")
