"""Pillow: opening an image file reads its header; decoding, resizing and converting the
pixels is CPU work; saving encodes them (into a file, or a buffer in memory)."""

import io

from PIL import Image, ImageOps


async def make_thumbnail(content: bytes, target: str) -> str:
    image = Image.open(io.BytesIO(content))  # ok: the header of bytes in memory
    image = ImageOps.exif_transpose(image)  # expect: UJ001
    image.thumbnail((300, 300))  # expect: UJ001
    image = image.convert("RGB")  # expect: UJ001
    image.save(target, "JPEG", quality=85)  # expect: UJ001
    return target


async def preview_png(path: str) -> bytes:
    image = Image.open(path)  # expect: UJ001
    small = image.resize((64, 64))  # expect: UJ001
    buffer = io.BytesIO()
    small.save(buffer, format="PNG")  # expect: UJ001 (CPU: encoded into memory)
    return buffer.getvalue()


async def blank_canvas() -> bytes:
    canvas = Image.new("RGB", (8, 8))  # ok: made in memory
    return canvas.tobytes()


__all__ = ["blank_canvas", "make_thumbnail", "preview_png"]
