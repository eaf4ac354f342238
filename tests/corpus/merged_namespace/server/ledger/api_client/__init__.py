"""The generated API client lives in another distribution: this package puts it in its own
place, so `ledger.api_client.types` and `ShopApi` come from there."""

import sys

try:
    from ledger import _generated_client as generated
except ImportError:
    import ledger_generated_client as generated

sys.modules[__name__] = generated
