class ShopError(Exception):
    pass
