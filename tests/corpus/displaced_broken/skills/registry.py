def names() -> list[str]:
    return []
