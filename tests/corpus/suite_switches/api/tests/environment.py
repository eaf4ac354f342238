import os

os.environ["TESTING"] = "1"
