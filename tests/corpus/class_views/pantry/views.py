"""The project's copy of fastapi-utils' class-based view decorator (as some apps keep one):
each endpoint's `self` becomes `Depends(cls)`, and the class's annotated attributes become
the parameters FastAPI solves for it."""

import inspect
from typing import get_type_hints

from fastapi import APIRouter


def controller(router: APIRouter):
    def decorator(cls):
        hints = get_type_hints(cls)
        old_init = cls.__init__

        def new_init(self, *args, **kwargs):
            for name in hints:
                setattr(self, name, kwargs.pop(name))
            old_init(self, *args, **kwargs)

        params = [
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=hint,
                default=getattr(cls, name, ...),
            )
            for name, hint in hints.items()
        ]
        cls.__signature__ = inspect.Signature(params)
        cls.__init__ = new_init
        return cls

    return decorator
