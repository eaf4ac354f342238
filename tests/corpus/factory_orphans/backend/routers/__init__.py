from . import wallet


def init_router(app):
    for module in (wallet,):
        app.include_router(module.router)
