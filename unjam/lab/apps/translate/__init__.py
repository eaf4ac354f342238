"""Seed 003's translation service, three ways: blocking call in `async def`, the same call
through `run_in_threadpool`, and a plain `def` endpoint. The translation API is a local slow
service reached with a sync HTTP client (`requests`), as Google's client library is."""
