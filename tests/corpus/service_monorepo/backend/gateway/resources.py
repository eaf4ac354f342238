"""The gateway's own resources (run from backend/gateway/: `uvicorn main:app`)."""


def gateway_name() -> str:
    return "gateway"
