import time

from fastapi import APIRouter

route = APIRouter(prefix="/api/plots")


@route.get("/{plot_id}")
async def read_plot(plot_id: int) -> dict:
    time.sleep(0.1)  # expect: UJ001
    return {"id": plot_id}
