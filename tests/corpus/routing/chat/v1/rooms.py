import sqlite3
import time

from fastapi import APIRouter, WebSocket

rooms = APIRouter(prefix="/rooms")


@rooms.websocket("/{room}/ws")
async def room_socket(websocket: WebSocket, room: str):
    await websocket.accept()
    while True:
        text = await websocket.receive_text()  # ok: awaited
        time.sleep(0.05)  # expect: UJ001
        await websocket.send_text(text)


async def history(room: str):
    db = sqlite3.connect("chat.db")  # expect: UJ001
    return db.execute("select * from messages where room = ?", (room,))  # expect: UJ001


@rooms.api_route("/{room}/history", methods=["GET", "HEAD"])
async def room_history(room: str):
    return await history(room)
