"""Found as app.features.plan.plan.app.config; its `app.core` is backend/app/core/ (the
inner app/ has no core/), as backend/ is the folder the app runs from."""

from app.core.store import fetch_plan

loader = fetch_plan
