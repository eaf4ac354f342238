def expire_holds() -> int:
    return 0
