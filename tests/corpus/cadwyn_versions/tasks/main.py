from cadwyn import Cadwyn, HeadVersion, Version, VersionBundle

from tasks.routes import health, router

app = Cadwyn(versions=VersionBundle(HeadVersion(), Version("2025-01-01")))
app.generate_and_include_versioned_routers(router)
app.include_router(health)
