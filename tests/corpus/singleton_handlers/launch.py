import uvicorn
from loguru import logger

from gateway.proxy import GatewayServer


@logger.catch
def run() -> None:
    server = GatewayServer("ws://127.0.0.1:9000/ws")
    uvicorn.run(server.app)


if __name__ == "__main__":
    run()
