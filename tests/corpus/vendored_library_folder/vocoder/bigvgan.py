from .alias_free.torch.act import Activation1d


class Vocoder:
    def __init__(self) -> None:
        self.activation = Activation1d()
        self.state: dict = {}

    def load_state(self, state: dict) -> None:
        self.state = state
