import requests as r

_session = r.Session()  # ok: module-level singleton


class PaymentsClient:
    base_url = "https://payments.internal"

    def charge(self, order_id: str, cents: int) -> dict:
        response = _session.post(f"{self.base_url}/charges", json={"order": order_id, "cents": cents})  # expect: UJ001
        return response.json()  # ok: .json() on a response

    def refund(self, charge_id: str) -> dict:
        r.get(f"{self.base_url}/charges/{charge_id}").raise_for_status()  # expect: UJ005
        return r.post(f"{self.base_url}/refunds/{charge_id}").json()  # ok: the same token, reported once at its first call
