"""The bookings store (records.py); the older store.py beside this folder is never imported."""
