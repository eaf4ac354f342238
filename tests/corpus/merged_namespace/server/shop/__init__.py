"""The server's `shop` package shares its name with the `shop-sdk` it requires: extending
`__path__` merges the two, so `shop.base` comes from the installed SDK, not from this folder."""

from pkgutil import extend_path

__path__ = extend_path(__path__, __name__)

from shop.base import deserialize as deserialize  # ok (the SDK's module)
