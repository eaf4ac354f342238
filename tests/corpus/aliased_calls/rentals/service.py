import sqlite3


def end_rental(rental_id: int) -> None:
    conn = sqlite3.connect("rentals.db")  # expect: UJ001
    conn.execute("update rentals set done = 1 where id = ?", (rental_id,))  # expect: UJ001
    conn.commit()  # expect: UJ001
