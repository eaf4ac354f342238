"""An endpoint named like the service function it calls, imported under another name: the
fix hands the thread the name the endpoint calls (`end_rental_service`), never its own."""

from fastapi import FastAPI

from rentals.service import end_rental as end_rental_service

app = FastAPI()


@app.post("/rentals/{rental_id}/end")
async def end_rental(rental_id: int):
    end_rental_service(rental_id)
    return {"ended": rental_id}
