def page_count(path: str) -> int:
    return 1
