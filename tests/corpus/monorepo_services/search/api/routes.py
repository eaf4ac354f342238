"""A service whose router includes one from a module the repository lacks: an include
unjam cannot follow, in a program no app of the other services loads."""

import email_routes
from fastapi import APIRouter

api_router = APIRouter()
api_router.include_router(email_routes.router, prefix="/email")
