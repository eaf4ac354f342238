def get_thing() -> int:
    return 1
