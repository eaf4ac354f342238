"""polars' eager readers and writers: a file read or written (parsing a buffer in memory is
CPU work, still on the loop); a lazy scan reads nothing until it is collected."""

import io

import polars as pl


async def load_sales(path: str) -> int:
    sales = pl.read_parquet(path)  # expect: UJ001
    sales.write_csv(path + ".csv")  # expect: UJ001
    return sales.height


async def parse_upload(raw: bytes) -> str:
    frame = pl.read_csv(io.BytesIO(raw))  # expect: UJ001 (CPU: parsing in memory)
    return frame.write_json()  # expect: UJ001 (CPU: the text it returns)


async def plan(path: str) -> pl.LazyFrame:
    return pl.scan_parquet(path).filter(pl.col("amount") > 0)  # ok: a query plan, no read


async def export(frame: pl.DataFrame, path: str) -> None:
    frame.write_parquet(path)  # expect: UJ001


__all__ = ["export", "load_sales", "parse_upload", "plan"]
