from sqlalchemy.orm import Session


def get_db():
    yield Session()
