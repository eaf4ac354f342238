import time

import requests


class ChatAgent:
    async def astep(self, text: str) -> str:
        time.sleep(0.5)  # expect: UJ001
        return text


class Archive:
    def store(self, text: str) -> None:
        requests.post("http://archive.internal/store", data=text)  # expect: UJ001
