"""Helpers whose blocking branch runs only for some arguments, tested by membership in a
literal of constants: the callers' arguments decide which branch runs."""

import boto3
import pandas as pd
from sqlalchemy.orm import Session

sns = boto3.client("sns")


def finish_scan(scan_id: int, sns_arn: str | None = None) -> str:
    if sns_arn not in (None, ""):
        sns.publish(TopicArn=sns_arn, Message=str(scan_id))  # expect: UJ001
    return "done"


def export(db: Session, query, fmt: str = "query"):
    if fmt in ("csv", "html"):
        return pd.read_sql(query.statement, db.bind).to_csv()  # expect: UJ005
    return query
