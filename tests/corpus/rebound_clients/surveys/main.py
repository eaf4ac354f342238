from fastapi import FastAPI

from surveys import database

app = FastAPI()


@app.get("/surveys/{survey_id}/answers")
async def answers(survey_id: str):
    cursor = database.database["answers"].find({"survey_id": survey_id})  # ok: motor's
    return await cursor.to_list(None)
