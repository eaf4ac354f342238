from fastapi import Depends
from sqlalchemy.orm import Session

from pantry.deps import current_household, get_session, translator


class BaseController:
    session: Session = Depends(get_session)
    words: dict = Depends(translator)


class HouseholdController(BaseController):
    household: str = Depends(current_household)
