from desk.db import Presence


def get_presence(db, *, user_id: int):
    return db.query(Presence).filter(Presence.user_id == user_id).first()  # expect: UJ001


def create_presence(db, *, user_id: int):
    presence = Presence(user_id=user_id)
    db.add(presence)
    return presence
