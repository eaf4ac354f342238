from kiosk import app

VERSION = "1"


@app.get("/menu")
async def menu():
    return []
