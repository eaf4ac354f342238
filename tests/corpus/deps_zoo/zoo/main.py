from fastapi import Depends, FastAPI, Security

from zoo.api.animals import router
from zoo.api.cages import router as cages_router
from zoo.api.feeds import router as feeds_router
from zoo.api.gates import router as gates_router
from zoo.api.keepers import router as keepers_router
from zoo.api.permits import router as permits_router
from zoo.api.reviews import router as reviews_router
from zoo.api.tickets import router as tickets_router
from zoo.api.visits import router as visits_router
from zoo.security import get_user, verify_key

app = FastAPI(dependencies=[Depends(verify_key)])  # expect: UJ006
app.include_router(router, prefix="/v1", dependencies=[Security(get_user)])
app.include_router(keepers_router, prefix="/v1")
app.include_router(visits_router, prefix="/v1")
app.include_router(tickets_router, prefix="/v1")
app.include_router(cages_router, prefix="/v1")
app.include_router(reviews_router, prefix="/v1")
app.include_router(permits_router, prefix="/v1")
app.include_router(gates_router, prefix="/v1")
app.include_router(feeds_router, prefix="/v1")
