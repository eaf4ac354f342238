"""The `streamq` transport, named after the `streamq` library it wraps."""
