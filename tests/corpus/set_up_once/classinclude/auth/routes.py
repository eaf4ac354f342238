from fastapi import APIRouter
from passlib.context import CryptContext

pwd = CryptContext(schemes=["bcrypt"])
router = APIRouter(prefix="/api/auth")


@router.post("/login")
async def login(password: str, hashed: str):
    return pwd.verify(password, hashed)  # ok: this router is never included
