from .activation.cuda.activation import Activation
from .activation.torch.act import Snake

LAYERS = (Activation, Snake)
