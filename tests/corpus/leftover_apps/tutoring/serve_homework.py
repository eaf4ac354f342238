import uvicorn

from tutoring.homework import app

if __name__ == "__main__":
    uvicorn.run(app, port=8003)
