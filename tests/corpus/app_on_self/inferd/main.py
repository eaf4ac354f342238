import uvicorn

from inferd.server import InferServer


def main() -> None:
    server = InferServer("http://127.0.0.1:9000/generate")
    uvicorn.run(server.app, host="127.0.0.1", port=8000)


if __name__ == "__main__":
    main()
