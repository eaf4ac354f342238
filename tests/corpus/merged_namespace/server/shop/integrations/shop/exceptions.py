"""`shop.exceptions` is server/shop/exceptions.py (server/ is on `sys.path`), not this file,
though this file's path ends the same way: the import finds the name there."""

from shop.exceptions import ShopError  # ok


class SelfWebhookError(ShopError):
    pass
