"""The core distribution (acme/core/, its own pyproject.toml) fills the `acme` namespace with
`acme.core`; the api distribution beside it fills it with `acme.api`. Neither has an
`acme/__init__.py`: installed together, `acme.core.catalog` is this file."""

import requests


def fetch_prices(sku: str) -> dict:
    return requests.get(f"http://prices.internal/{sku}", timeout=5).json()  # expect: UJ001
