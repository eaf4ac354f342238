"""Old code kept for reference, some of it no longer importable."""
