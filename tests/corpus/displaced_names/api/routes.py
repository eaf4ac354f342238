from fastapi import APIRouter

import skills
from skills import catalogue

router = APIRouter()


@router.get("/skills")
async def list_skills():
    return skills.installed() + catalogue.names()
