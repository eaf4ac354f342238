"""Process-wide values: a secret manager's client, filled on first use, and a switch the
start-up sets."""

secret_client = None
audit_disabled = False
