import requests


def list_payments(db, user_id: int) -> list:
    reply = requests.get(f"https://ledger.internal/users/{user_id}/payments", timeout=5)  # ok: no caller gets here
    return reply.json()
