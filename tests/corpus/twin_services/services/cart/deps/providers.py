"""The cart service's providers: a folder without `__init__.py`, imported as `deps.providers`
by the cart service's own program, run from services/cart/ (its own project)."""

import requests


def load_profile(user_id: str) -> dict:
    return requests.get(f"http://users.internal/{user_id}", timeout=5).json()  # expect: UJ001
