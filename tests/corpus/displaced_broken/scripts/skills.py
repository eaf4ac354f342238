"""A script's helper (`cd scripts && python report.py`)."""

VERSION = 1
