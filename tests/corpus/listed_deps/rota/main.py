from fastapi import Depends, FastAPI

from rota.security import member_only, verify_member
from rota.shifts import rosters, shifts

app = FastAPI()
protected = [Depends(verify_member)]  # router-level dependencies held in a name
app.include_router(shifts, dependencies=protected)
app.include_router(rosters, dependencies=member_only)  # (a list another module builds)

from rota.security import bearer  # noqa: E402
from rota.swaps import swaps  # noqa: E402

MEMBER = Depends(bearer)
app.include_router(swaps)
