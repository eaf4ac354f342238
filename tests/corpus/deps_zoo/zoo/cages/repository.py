def _provide() -> dict:
    return {"table": "cages"}
