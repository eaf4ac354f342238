def display_name(row: tuple) -> str:
    return " ".join(part for part in row if part)
