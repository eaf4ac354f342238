import sqlite3


def all_bookings():
    conn = sqlite3.connect("salon.db")  # expect: UJ001
    return conn.execute("select * from bookings").fetchall()  # expect: UJ001
