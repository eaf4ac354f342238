"""Two file-like sinks for a zip archive: one keeps the chunks written to it for a
streaming response to yield, the other spools them to a file on disk."""

import io


class ChunkBuffer(io.RawIOBase):
    def __init__(self):
        self._parts: list[bytes] = []

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        self._parts.append(bytes(data))
        return len(data)

    def drain(self) -> bytes:
        out = b"".join(self._parts)
        self._parts.clear()
        return out


class SpoolFile(io.RawIOBase):
    def __init__(self, path: str):
        self._file = open(path, "wb")  # expect: UJ001

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        return self._file.write(data)
