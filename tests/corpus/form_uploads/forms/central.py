from io import BytesIO
from pathlib import Path

import httpx


class FormClient:
    def __init__(self, base: str):
        self.base = base

    def parse(self, data):
        if isinstance(data, BytesIO):
            xml = data.getvalue()
        elif isinstance(data, str) or isinstance(data, Path):
            path = Path(data)
            if not path.exists():  # expect: UJ001
                raise FileNotFoundError(data)
            with open(path, "rb") as handle:  # expect: UJ001
                xml = handle.read()
        else:
            raise TypeError(type(data))
        return xml

    async def publish(self, form_id: str, data) -> int:
        xml = self.parse(data)
        async with httpx.AsyncClient(base_url=self.base) as client:  # expect: UJ003
            response = await client.post(f"/forms/{form_id}", content=xml)
        return response.status_code
