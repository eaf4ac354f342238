from datetime import date

from fastapi import FastAPI

from planner.service import DateRange, prepared

app = FastAPI()


@app.get("/plans/{centre_id}/{start}/{end}")
async def plan_for_range(centre_id: int, start: date, end: date):
    # a pydantic model is always true: `prepared` never takes its `else` from here
    return prepared(centre_id, DateRange(start_date=start, end_date=end))


@app.get("/plans/{centre_id}")
async def latest_plan(centre_id: int):
    return prepared(centre_id, None)
