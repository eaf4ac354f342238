"""An SDK class the program builds through its subclass (orders/admin.py): its app serves."""

import time

from fastapi import FastAPI


class AdminBase:
    def __init__(self):
        self.app = FastAPI()

        @self.app.get("/admin/health")
        async def health() -> dict:
            time.sleep(0.1)  # expect: UJ001
            return {"status": "OK"}
