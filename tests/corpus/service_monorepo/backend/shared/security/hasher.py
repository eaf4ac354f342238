"""Shared by every service: each image copies backend/shared/ beside its code
(`COPY shared /app/shared`), so services import it as `shared.security.hasher`."""

from passlib.context import CryptContext


class Hasher:
    def __init__(self) -> None:
        self.context = CryptContext(schemes=["bcrypt"])

    def verify(self, password: str, hashed: str) -> bool:
        return self.context.verify(password, hashed)  # expect: UJ001
