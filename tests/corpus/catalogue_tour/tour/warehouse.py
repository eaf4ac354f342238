import snowflake.connector
from snowflake.connector import SnowflakeConnection


def run(conn: SnowflakeConnection, query: str):
    return conn.cursor().execute(query)  # expect: UJ001


async def recent_orders(account: str) -> list:
    conn = snowflake.connector.connect(account=account, user="svc")  # expect: UJ001
    cursor = conn.cursor()  # ok: no round trip
    cursor.execute("SELECT id FROM orders LIMIT 10")  # expect: UJ001
    rows = cursor.fetchall()  # ok: the rows the statement's answer brought
    frame = run(conn, "SELECT * FROM orders").fetch_pandas_all()  # expect: UJ001
    conn.close()  # expect: UJ001
    return rows + [frame]


__all__ = ["recent_orders"]
