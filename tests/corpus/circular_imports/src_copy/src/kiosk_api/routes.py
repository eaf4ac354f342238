from src.kiosk_api.main import app


@app.get("/title")
async def title():
    return {"title": app.title}
