from .db import Payment


def update(db, item_id, data):
    item = db.query(Payment).filter(Payment.id == item_id)
    if not item.first():  # expect: UJ005
        return None
    item.update(data, synchronize_session=False)
    db.commit()
    return item.first()
