"""A vendored model's module: its folders up to voice/vendor/ are namespace folders inside the
`voice` package, so `import torch.nn` here is the installed library, not the vendored
`activation/torch/` package beside `cuda/` (reached only relatively)."""

import torch
import torch.nn as nn  # ok: the library

from ..torch.resample import upsample


class Activation(nn.Module):
    def forward(self, values):
        return upsample(torch.relu(values))
