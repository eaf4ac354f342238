"""The wish service's own `deps.providers` (a package here): its program, run from
services/wish/, imports this file; the cart service's program imports its own."""


def load_profile(user_id: str) -> dict:
    return {"id": user_id}
