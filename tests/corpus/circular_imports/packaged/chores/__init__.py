# the package's own `__init__` imports the app factory: the server imports `chores` first,
# which runs `chores.app`, whose absolute import of a sibling runs no `__init__` again
from chores.app import create_app

__all__ = ["create_app"]
