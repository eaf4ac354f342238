from fastapi import APIRouter
from rts.gcs import gcs_router
from rts.local import local_router  # noqa: F401  (its include is switched off below)

router = APIRouter()
router.include_router(gcs_router)
# router.include_router(local_router)
