from pathlib import Path


class MediaService:
    @classmethod
    def create_file(cls, folder: str, data: bytes) -> None:
        with Path(folder, "upload.bin").open("wb") as out:  # expect: UJ001
            out.write(data)

    @classmethod
    async def upload(cls, folder: str, data: bytes) -> None:
        cls.create_file(folder, data)
