from app.real import router as real_router

router = real_router
