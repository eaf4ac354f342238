def _provide() -> dict:
    return {"table": "staff"}
