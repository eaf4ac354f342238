"""A usage type handed on through a method of a shared service: `check_limits(auth, "query")`
passes it by position to `UsageService.record`, on an instance the caller got from an
accessor, so the metering branch for "ingest" is not reached from the query route; the
upload route's "ingest" reaches it."""

import stripe


class UsageService:
    async def record(self, account: str, usage_type: str, amount: int = 1) -> None:
        if amount > 0 and usage_type == "ingest":
            stripe.Invoice.create(customer=account)  # expect: UJ001


_service: UsageService | None = None


async def shared_service() -> UsageService:
    global _service
    if _service is None:
        _service = UsageService()
    return _service


async def check_limits(account: str, limit_type: str, amount: int = 1) -> None:
    service = await shared_service()
    await service.record(account, limit_type, amount)
