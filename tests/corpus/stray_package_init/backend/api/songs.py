from fastapi import APIRouter

from music.catalog import top_tracks

router = APIRouter()


@router.get("/top")
async def top():
    return top_tracks()
