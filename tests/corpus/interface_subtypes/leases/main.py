"""A value known to be of a subclass of the interface (`SqlLeaseStore`) runs only the
implementations that derive from that subclass: not the REST store's, a sibling."""

from fastapi import FastAPI

from leases.stores.base import SqlLeaseStore
from leases.stores.rest import RestLeaseStore

app = FastAPI()
server_store = SqlLeaseStore("sqlite:///leases.db")
remote_store = RestLeaseStore()  # (the client's, built for the CLI)


def current_store() -> SqlLeaseStore:
    return server_store


@app.post("/leases/{lease_id}/renew")
async def renew(lease_id: int) -> dict:
    return current_store().renew(lease_id)
