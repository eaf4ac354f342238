from fastapi import APIRouter, Depends

shifts = APIRouter()
rosters = APIRouter()


def current_week(week: int = 0) -> int:
    return week


@shifts.get("/teams/{team}/shifts")  # expect: UJ005
def list_shifts(team: str, week: int = Depends(current_week)) -> dict:
    return {"team": team, "week": week}


@rosters.get("/teams/{team}/roster")  # expect: UJ005
def roster(team: str, week: int = Depends(current_week)) -> dict:
    return {"team": team, "week": week}
