from fastapi import APIRouter

from embedder.vectors import embed

router = APIRouter(prefix="/patterns")


@router.get("/similar")
async def similar(text: str):
    return {"vector": embed(text)}
