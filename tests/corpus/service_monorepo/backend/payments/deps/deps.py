from resources import load_fee_table

from shared.security.hasher import Hasher

hasher = Hasher()


async def fee_table() -> str:
    return load_fee_table("fees.csv")


async def check_password(password: str, hashed: str) -> bool:
    return hasher.verify(password, hashed)
