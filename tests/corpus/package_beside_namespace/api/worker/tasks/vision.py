from services.experiment_manager import ExperimentManager

MANAGER = ExperimentManager()
