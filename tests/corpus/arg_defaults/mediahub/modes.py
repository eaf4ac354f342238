import os

FULL = "full"
TRAINING = "training"
MODE = os.environ.get("MEDIAHUB_MODE", "full")
