from fastapi import Depends, FastAPI

from .deps import get_audit, get_login_services, get_stats

app = FastAPI()


@app.post("/login")  # expect: UJ005
def login(services=Depends(get_login_services)):
    return {"ok": bool(services)}


@app.get("/report")  # expect: UJ005
def report(audit=Depends(get_audit), stats=Depends(get_stats)):
    return {"ok": bool(audit and stats)}
