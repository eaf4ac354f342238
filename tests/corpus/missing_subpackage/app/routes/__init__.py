# expect: unparsed (routes/reports/ is not on disk)
from fastapi import APIRouter

from routes.orders.orders import router as orders_router
from routes.reports.daily import router as reports_router

router = APIRouter()
router.include_router(orders_router)
router.include_router(reports_router)
