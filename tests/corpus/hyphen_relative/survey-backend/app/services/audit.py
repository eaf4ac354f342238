def record(session, what: str) -> None:
    session.flush()
