def money(cents: int) -> str:
    return f"{cents / 100:.2f}"
