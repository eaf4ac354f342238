import time

from fastapi import FastAPI


class AuthPlugin:
    def get_app(self) -> FastAPI | None:
        return None


class PasswordPlugin(AuthPlugin):
    def get_app(self) -> FastAPI | None:
        # mounted by wiring.register_plugin: it shares the portal's process and its limiter
        login_app = FastAPI(title="login")  # ok: the mounting app's UJ006 counts its routes

        @login_app.post("/login")
        def login():
            time.sleep(0.2)  # ok: a sync endpoint's wait, in the thread pool
            return {}

        return login_app


def load() -> AuthPlugin:
    return PasswordPlugin()
