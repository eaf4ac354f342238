from plugins.settings import ENABLED

load = None if not ENABLED else None
