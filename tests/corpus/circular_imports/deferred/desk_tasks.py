def title() -> str:
    from desk import app

    return app.title
