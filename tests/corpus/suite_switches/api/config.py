import os

TESTING = os.environ.get("TESTING")
