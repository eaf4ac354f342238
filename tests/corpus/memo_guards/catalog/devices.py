import subprocess


class Hardware:
    def __init__(self) -> None:
        self.specs: bytes | None = None

    async def detect(self) -> None:
        self.specs = subprocess.run(["nvidia-smi"], capture_output=True).stdout  # expect: UJ001


hw = Hardware()
