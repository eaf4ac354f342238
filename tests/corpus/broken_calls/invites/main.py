from functools import partial

from fastapi import Depends, FastAPI
from sqlalchemy.orm import Session

from .crud import archive, audit, expire, invitation_crud, notify, resend
from .db import get_db

app = FastAPI()


@app.get("/invitations/{invitation_id}")
async def read_invitation(invitation_id: int, db: Session = Depends(get_db)):
    return invitation_crud.get(db, invitation_id)


@app.patch("/invitations/{invitation_id}")
async def update_invitation(invitation_id: int, payload: dict, db: Session = Depends(get_db)):
    return invitation_crud.update(db=db, obj_in=payload)


@app.delete("/invitations/{invitation_id}")
async def delete_invitation(invitation_id: int, db: Session = Depends(get_db)):
    invitation_crud.remove(db, item_id=invitation_id)


@app.post("/invitations/{invitation_id}/archive")
async def archive_invitation(invitation_id: int, db: Session = Depends(get_db)):
    archive(db, invitation_id)


@app.post("/invitations/{invitation_id}/notify")
async def notify_invitee(invitation_id: int, db: Session = Depends(get_db)):
    notify(db, invitation_id=invitation_id, channel="email")


@app.post("/invitations/{invitation_id}/expire")
async def expire_invitation(invitation_id: int, db: Session = Depends(get_db)):
    expire(db, invitation_id, "deleted")


@app.post("/invitations/{invitation_id}/audit")
async def audit_invitation(invitation_id: int, details: dict, db: Session = Depends(get_db)):
    audit(db, invitation_id, **details)


@app.post("/invitations/{invitation_id}/resend")
async def resend_invitation(invitation_id: int, db: Session = Depends(get_db)):
    send = partial(resend, db, invitation_id=invitation_id)
    send()  # (the partial binds what the call leaves out)
