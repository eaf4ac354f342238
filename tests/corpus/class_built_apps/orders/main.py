from shared.base_service import BaseService

app = BaseService(service_path="/orders").start()


@app.get("/orders")
async def list_orders() -> list:
    return []
