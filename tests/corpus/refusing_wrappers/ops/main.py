import smtplib

from fastapi import BackgroundTasks, Depends, FastAPI, Request

from ops.permissions import require

app = FastAPI()


def get_session():
    return object()


async def mail_report(address: str) -> None:
    with smtplib.SMTP("127.0.0.1") as smtp:  # ok: only a refused endpoint adds this task
        smtp.sendmail("ops@example.com", [address], "report")  # ok: as above


async def mail_digest(address: str) -> None:
    with smtplib.SMTP("127.0.0.1") as smtp:  # expect: UJ001
        smtp.sendmail("ops@example.com", [address], "digest")  # expect: UJ001


@app.post("/reports/send")
@require("reports.send")
async def send_report(address: str, tasks: BackgroundTasks) -> dict:
    # no `request` nor `session` parameter: the wrapper raises on every request
    tasks.add_task(mail_report, address)
    return {"queued": True}


@app.post("/digests/send")
@require("digests.send")
async def send_digest(
    address: str, request: Request, tasks: BackgroundTasks, session=Depends(get_session)
) -> dict:
    tasks.add_task(mail_digest, address)
    return {"queued": True}
