"""A camera's frame goes stale on the clock, and a stale one is replaced by the error image,
read once and kept on the app: the clock decides when the frame is stale, never when the
image is read again, so that read is a first-call stall, not one at each expiry."""

import glob
import time

from fastapi import APIRouter, Request

snapshots = APIRouter(prefix="/snapshots")
_frames: dict[str, tuple[bytes | None, float]] = {}
RETRY_SECONDS = 10


@snapshots.get("/{camera}")
async def latest(camera: str, request: Request):
    frame, taken = _frames.get(camera, (None, 0.0))
    if frame is None or time.time() > taken + RETRY_SECONDS:
        if request.app.error_image is None:
            found = glob.glob("/srv/images/camera-error.jpg")  # expect: UJ001
            if found:
                with open(found[0], "rb") as image:  # expect: UJ001
                    request.app.error_image = image.read()
        frame = request.app.error_image
    return {"size": len(frame or b"")}
