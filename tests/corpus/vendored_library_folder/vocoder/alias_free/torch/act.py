import torch.nn as nn


class Activation1d(nn.Module):
    def forward(self, x):
        return x
