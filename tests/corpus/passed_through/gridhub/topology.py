"""Services filtered by a comma-separated query parameter, through staticmethods named on
their class: the call binds nothing, so `names` is the call's second argument, not the
session before it. An annotated filter (`Optional[str]`) holds plain data, whatever a
caller that rebinds the same name to its rows passes."""

from typing import Optional

from sqlalchemy import text
from sqlalchemy.orm import Session


class Topology:
    @staticmethod
    def services_of(session: Session, names: Optional[str] = None) -> list:
        if names is not None:
            wanted = names.split(",")  # ok
            names = session.execute(text("select * from services"), {"n": wanted})  # expect: UJ001
            return names.all()
        names = session.execute(text("select * from services"))  # expect: UJ001
        return names.all()

    @staticmethod
    def service_map(session: Session, names: Optional[str] = None) -> dict:
        names = Topology.services_of(session, names)
        return {row.id: row for row in names}

    @staticmethod
    def refresh(session: Session, full: bool = True) -> None:
        # the route passes `False` by position: that decides the branch, as for a function
        if full:
            session.commit()  # ok

    @staticmethod
    def tagged(session, tags=None) -> list:
        # unannotated: typed from what the calls pass in its position
        return [tag.strip() for tag in tags.split(",")] if tags else []  # ok


def labels_of(label: Optional[str]) -> list:
    return label.split(",") if label else []  # ok


def labelled(session: Session, raw: dict) -> dict:
    # one name for two things: the caller's later binding does not type the callee's `str`
    label = session if raw.get("reuse") else None
    labels = labels_of(raw.get("label"))
    if label is not None:
        label.commit()  # expect: UJ001
    return {"labels": labels, "other": labels_of(label)}
