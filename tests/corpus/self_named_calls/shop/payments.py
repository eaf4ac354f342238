"""A controller named `update` whose body calls `item.update(...)` on a query: that call is
also a site named `update`, so inferring what the untyped `request` holds asks what `item`
holds while `item` is being inferred. The answer found across that cycle must not be kept:
`item` is a Query, and all four round trips hold the endpoint's token."""

from shop.db import Payment


def update(db, item_id, request):
    item = db.query(Payment).filter(Payment.id == item_id)
    if not item.first():  # expect: UJ005
        return None
    item.update(request.dict(exclude_unset=True), synchronize_session=False)
    db.commit()
    return item.first()

