import hashlib


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
