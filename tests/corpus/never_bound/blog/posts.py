# expect: unparsed (it reads current_user, which nothing in it defines or imports)
"""A routes module whose endpoint's default names a dependency nothing binds, neither
itself nor the star import it takes its helpers from: importing it raises NameError, so the
app that includes its router cannot start."""

import time

from fastapi import APIRouter, Depends

from blog.helpers import *  # noqa: F403

router = APIRouter()


@router.get("/posts")
async def posts(db=Depends(get_db), user=Depends(current_user)):  # noqa: F405, F821
    time.sleep(0.1)  # ok: the app never starts
    return []
