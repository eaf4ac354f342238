"""In a `jwt/` folder without `__init__.py`: `import jwt` here is PyJWT, the installed
package, which a namespace folder never shadows."""

import jwt
from jwt import PyJWTError


def decode(token: str) -> dict:
    try:
        return jwt.decode(token, "secret", algorithms=["HS256"])
    except PyJWTError:
        return {}
