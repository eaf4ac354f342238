"""Run by the migration tool, never imported by the service: its body is not the app's."""

from scheduler.settings import columns

COLUMNS = columns()
