from pathlib import Path


def load_booking(booking_id: int):
    return Path(f"/srv/bookings/{booking_id}.json").read_text()  # expect: UJ001


def load_all():
    return [p.read_text() for p in Path("/srv/bookings").glob("*.json")]  # expect: UJ002
