# Test-like code run by hand with an async test runner; named so the project's pytest skips it.
import time

import requests


async def test_balance_roundtrip():
    time.sleep(0.2)  # ok: test code, not served
    reply = requests.get("http://localhost:8000/accounts/1/balance")  # ok: test code
    assert reply.status_code == 200
