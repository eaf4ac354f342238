import sqlite3


def load():
    return sqlite3.connect("rows.db").execute("select 1").fetchall()  # expect: UJ001
