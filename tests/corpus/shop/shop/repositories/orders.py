from sqlalchemy.orm import Session

from ..models import Order


class OrderRepository:
    def __init__(self, db: Session):
        self.db = db

    def get(self, order_id: int):
        return self.db.get(Order, order_id)  # expect: UJ001

    def list_open(self):
        return self.db.query(Order).filter(Order.status == "open").all()  # expect: UJ005

    def recent(self):
        query = self.db.query(Order).order_by(Order.id.desc())  # ok: builds the query
        rows = query.all()  # expect: UJ001
        return rows

    def save(self, order) -> None:
        self.db.add(order)  # ok: add only stages the object
        self.db.commit()  # expect: UJ001

    def cancel(self, order) -> None:
        try:
            order.status = "cancelled"
            self.db.commit()  # expect: UJ001
        except ValueError:
            self.db.rollback()  # ok: the commit above is the finding; its fix moves this too
            raise

    def archive(self, order) -> None:
        try:
            order.status = "archived"
        except AttributeError:
            self.db.rollback()  # expect: UJ001 (the only blocking call: its handler's)
