import json
from pathlib import Path

from sqlmodel import Session, select

from studio.models import Build, Flow, Folder, Message


def messages_of(db: Session, flow_id: int) -> list[Message]:
    stmt = select(Message).where(Message.flow_id == flow_id).limit(1000)
    rows = db.exec(stmt)  # expect: UJ001
    return [row for row in rows]


def builds_of(db: Session, flow_id: int) -> list[Build]:
    rows = db.exec(select(Build).where(Build.flow_id == flow_id))  # expect: UJ001
    return [row for row in rows]


def flows_in(db: Session, folder_id: int):
    flows = db.exec(select(Folder).where(Folder.id == folder_id)).first().flows  # expect: UJ001
    return flows


def example_files() -> list[tuple[Path, dict]]:
    return [(path, json.loads(path.read_text())) for path in Path("examples").glob("*.json")]  # expect: UJ001


def folders_with_flows(db: Session) -> list[tuple[Folder, Flow]]:
    return list(db.exec(select(Folder, Flow).join(Flow)))  # expect: UJ001
