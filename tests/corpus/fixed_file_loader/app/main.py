import importlib.util
import os

from fastapi import FastAPI

from app import wrapper

app = FastAPI()
app.include_router(wrapper.router)
# loads that one file, by a fixed path: no plug-in loader that could import unused.py
settings_path = os.path.join(os.path.dirname(__file__), "settings_file.py")
spec = importlib.util.spec_from_file_location("settings", settings_path)
