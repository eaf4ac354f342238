"""Run from the repository's root (`python -m backend.scripts.seed`): it names the app's
package as `backend.app`, while the app itself, served from backend/, imports `app.…`."""

from backend.app.db.session import SessionLocal


def seed() -> None:
    with SessionLocal() as session:
        session.commit()
