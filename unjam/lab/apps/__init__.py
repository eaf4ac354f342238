"""The seeds' services as real FastAPI apps, one module per variant, configured by env vars.

Every module exposes `app` and can be served as-is: `uvicorn unjam.lab.apps.sleep:app` or
`unjam serve unjam.lab.apps.webhook.blocking_async:app`, with the env vars that
`unjam.lab.registry.downstreams()` yields. The code keeps the shape the seeds' authors wrote,
mistakes included — these modules are what the doctor must diagnose.
"""
