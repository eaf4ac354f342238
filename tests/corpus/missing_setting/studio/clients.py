class SpeechClient:
    def __init__(self, key: str) -> None:
        self.key = key
