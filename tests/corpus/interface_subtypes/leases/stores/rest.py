import requests

from leases.stores.base import LeaseStore


class RestLeaseStore(LeaseStore):
    """The client's store, which talks to the server over HTTP."""

    def renew(self, lease_id: int) -> dict:
        url = f"http://127.0.0.1:9/leases/{lease_id}/renew"
        return requests.post(url, timeout=5).json()  # ok: never the SQL store the app holds
