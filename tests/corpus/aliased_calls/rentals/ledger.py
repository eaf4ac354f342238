"""The session reaches these functions only through an import under another name
(`from rentals.ledger import open_rentals as list_open`): its type comes from the caller."""

from sqlalchemy import text


def _rows(db, station):
    return db.execute(text("select id from rentals where station = :s"), {"s": station}).all()  # expect: UJ005


def open_rentals(db, station):
    return _rows(db, station)
