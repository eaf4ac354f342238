from engines.base import ComputeEngine
from engines.local import ProcessEngine


class EngineInfo:
    def __init__(self, engine: ComputeEngine) -> None:
        self.engine = engine


class EngineManager:
    def __init__(self) -> None:
        self.engines: dict[str, EngineInfo] = {}

    def get_or_start(self, analysis_id: str) -> ComputeEngine:
        info = self.engines.get(analysis_id)
        if info is None:
            engine = ProcessEngine()
            engine.start()
            info = self.engines[analysis_id] = EngineInfo(engine)
        return info.engine

    def stop(self, analysis_id: str) -> None:
        info = self.engines.pop(analysis_id, None)
        if info is not None:
            info.engine.shutdown()


manager = EngineManager()
