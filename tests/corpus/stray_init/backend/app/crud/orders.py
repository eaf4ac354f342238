import sqlite3


def recent() -> list:
    conn = sqlite3.connect("orders.db")  # expect: UJ001
    return conn.execute("select id from orders order by id desc limit 10").fetchall()  # expect: UJ001
