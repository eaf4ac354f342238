"""Auth0 where the deployment configures it, nothing in local runs: the factories hand
FastAPI a project lambda or the library's own callable, as the settings decide."""

import os

from fastapi_auth0 import Auth0


def _make_auth():
    domain = os.getenv("AUTH0_DOMAIN")
    if not domain:
        return None
    return Auth0(domain=domain, api_audience=os.getenv("AUTH0_API_AUDIENCE", ""))


auth = _make_auth()


def get_scheme():
    if auth is None:
        return lambda: None
    return auth.implicit_scheme


def get_user():
    if auth is None:
        return lambda: None
    return auth.get_user
