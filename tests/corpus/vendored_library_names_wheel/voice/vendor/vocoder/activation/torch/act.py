import torch.nn as nn  # ok: the library (this package is `…activation.torch`, not `torch`)

from .resample import upsample


class Snake(nn.Module):
    def forward(self, values):
        return upsample(values)
