# expect: unparsed (imports `SECRET_KEY`, `ALGORITHM` from itself (line 6), and nothing above that line binds them)
"""The constants moved to settings.py in a refactor; this import, pointing at the module
itself, raises ImportError as the module loads, so the app importing it cannot start."""

import jwt
from app.auth.auth import SECRET_KEY, ALGORITHM


def get_admin(token: str) -> dict:
    return jwt.decode(token, SECRET_KEY, algorithms=[ALGORITHM])
