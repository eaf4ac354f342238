from datetime import date

import requests
from pydantic import BaseModel


class DateRange(BaseModel):
    start_date: date
    end_date: date


def prepared(centre_id: int, date_range: DateRange | None) -> dict:
    if date_range:
        return {"centre": centre_id, "days": (date_range.end_date - date_range.start_date).days}
    else:
        latest = requests.get(f"http://plans.internal/{centre_id}/latest", timeout=5)  # expect: UJ001
        return latest.json()
