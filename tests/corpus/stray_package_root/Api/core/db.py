"""The session factory moved here from core/database.py; not every import followed it."""

SessionFactory = dict
