from kiosk.custom import APIRouter
from kiosk.login import add_routes as add_login_routes
from kiosk.logout import add_logout

REGISTRARS = [add_logout]


def get_auth_router() -> APIRouter:
    router = APIRouter()
    add_login_routes(router)  # (called by another name than the one it is defined by)
    for register in REGISTRARS:  # (a registry of functions: which router each gets is not followed)
        register(router)
    return router


def make_router() -> APIRouter:
    router = APIRouter(prefix="/admin")
    router.include_router(get_auth_router())
    return router
