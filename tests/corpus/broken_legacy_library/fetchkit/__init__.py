"""An asyncio library with no app: its callers await its coroutines."""
