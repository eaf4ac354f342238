import sqlite3


class Store:
    def find(self, code):
        conn = sqlite3.connect("salon.db")  # ok: no import reaches this module
        return conn.execute("select * from bookings where code = ?", (code,)).fetchone()


def open_store():
    return Store()
