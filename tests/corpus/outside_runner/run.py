from service_base.run import run

from app.routes import router

if __name__ == "__main__":
    run(routers=[router])
