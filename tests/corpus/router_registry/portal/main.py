"""The app a factory builds, its routers mounted by module name from a registry: a router
module the registry does not name is never imported, so its routes serve nothing."""

from portal.factory import create_app

app = create_app()
