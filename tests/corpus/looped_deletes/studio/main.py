from fastapi import Depends, FastAPI
from sqlmodel import Session, create_engine, select

from studio.crud import builds_of, example_files, flows_in, folders_with_flows, messages_of
from studio.models import Flow, Folder

engine = create_engine("sqlite:///studio.db")
app = FastAPI()


def get_db():
    with Session(engine) as session:
        yield session


@app.delete("/flows")
async def delete_flows(ids: list[int], db: Session = Depends(get_db)):
    """Three loops over rows of three models, none of whose relationships cascades a
    delete: whichever loop binds each name, `delete` only marks the row."""
    flows = db.exec(select(Flow).where(Flow.id.in_(ids))).all()  # expect: UJ001
    for flow in flows:
        for message in messages_of(db, flow.id):
            db.delete(message)  # ok: a Message row, no deleting cascade
        for build in builds_of(db, flow.id):
            db.delete(build)  # ok: a Build row, no deleting cascade
        db.delete(flow)  # ok: a Flow row, no deleting cascade
    db.commit()  # expect: UJ001
    return {"deleted": len(flows)}


@app.delete("/folders/{folder_id}/flows")
async def empty_folder(folder_id: int, db: Session = Depends(get_db)):
    """The rows a helper returns from a folder's relationship, beside a loop over files."""
    for path, example in example_files():
        print(path, example)
    for flow in flows_in(db, folder_id):
        db.delete(flow)  # ok: Folder.flows holds Flow rows (its annotation says so)
    db.commit()  # expect: UJ001


@app.delete("/folders")
async def delete_folders(db: Session = Depends(get_db)):
    """One of the loops goes over Folder rows, whose `flows` cascade the delete and are
    not loaded here: the variable may hold one, and deleting it loads its flows."""
    for flow in db.exec(select(Flow).where(Flow.folder_id == 0)).all():  # expect: UJ001
        flow.folder_id = None
    for folder in db.exec(select(Folder)).all():  # expect: UJ001
        db.delete(folder)  # expect: UJ001
    db.commit()  # expect: UJ001


@app.delete("/folders/pairs")
async def delete_paired_folders(db: Session = Depends(get_db)):
    """Pairs of rows (`-> list[tuple[Folder, Flow]]`): the variable may hold a Folder, whose
    flows cascade the delete; the Message rows of the other loop do not decide it."""
    for message in messages_of(db, 0):
        db.delete(message)  # expect: UJ001 (which loop binds it is not told apart)
    for folder, flow in folders_with_flows(db):
        db.delete(folder)  # expect: UJ001
    db.commit()  # expect: UJ001
