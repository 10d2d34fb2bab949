"""The image transformation network of pytorch/examples' fast_neural_style: reflection-padded
convolutions, InstanceNorm with affine parameters, five residual blocks and nearest-neighbour
upsampling, trained here toward a target image with a pixel loss (the example's loss runs a
VGG feature extractor over both images; its gradient reaches this network the same way)."""

# Written as a PyTorch model file; the harness binds `torch`, `nn`, `F` (see loader.py).
torch = nn = F = None  # bound by loader.load(module_name, backend)


class ConvLayer(nn.Module):
    """Reflection padding of half the kernel, then a convolution: the output keeps the input's
    size at stride 1."""

    def __init__(self, in_channels, out_channels, kernel_size, stride):
        super().__init__()
        self.reflection_pad = nn.ReflectionPad2d(kernel_size // 2)
        self.conv2d = nn.Conv2d(in_channels, out_channels, kernel_size, stride)

    def forward(self, x):
        return self.conv2d(self.reflection_pad(x))


class UpsampleConvLayer(nn.Module):
    """Nearest-neighbour upsampling by `upsample`, then a `ConvLayer`."""

    def __init__(self, in_channels, out_channels, kernel_size, stride, upsample=None):
        super().__init__()
        self.upsample = upsample
        self.conv = ConvLayer(in_channels, out_channels, kernel_size, stride)

    def forward(self, x):
        if self.upsample:
            x = F.interpolate(x, mode="nearest", scale_factor=self.upsample)
        return self.conv(x)


class ResidualBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv1 = ConvLayer(channels, channels, kernel_size=3, stride=1)
        self.in1 = nn.InstanceNorm2d(channels, affine=True)
        self.conv2 = ConvLayer(channels, channels, kernel_size=3, stride=1)
        self.in2 = nn.InstanceNorm2d(channels, affine=True)
        self.relu = nn.ReLU()

    def forward(self, x):
        out = self.relu(self.in1(self.conv1(x)))
        return self.in2(self.conv2(out)) + x


class TransformerNet(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        w = width
        self.down = nn.ModuleList(
            [ConvLayer(3, w, 9, 1), ConvLayer(w, 2 * w, 3, 2), ConvLayer(2 * w, 4 * w, 3, 2)]
        )
        self.down_norms = nn.ModuleList(
            [nn.InstanceNorm2d(c, affine=True) for c in (w, 2 * w, 4 * w)]
        )
        self.res = nn.Sequential(*[ResidualBlock(4 * w) for _ in range(5)])
        self.up = nn.ModuleList(
            [
                UpsampleConvLayer(4 * w, 2 * w, 3, 1, upsample=2),
                UpsampleConvLayer(2 * w, w, 3, 1, upsample=2),
            ]
        )
        self.up_norms = nn.ModuleList([nn.InstanceNorm2d(c, affine=True) for c in (2 * w, w)])
        self.out = ConvLayer(w, 3, 9, 1)
        self.relu = nn.ReLU()

    def forward(self, x):
        for conv, norm in zip(self.down, self.down_norms, strict=True):
            x = self.relu(norm(conv(x)))
        x = self.res(x)
        for conv, norm in zip(self.up, self.up_norms, strict=True):
            x = self.relu(norm(conv(x)))
        return self.out(x)


def train_step(model, optimizer, x, target):
    """One Adam step toward `target` (mean squared error); the loss before the step."""
    model.train()
    optimizer.zero_grad()
    loss = F.mse_loss(model(x), target)
    loss.backward()
    optimizer.step()
    return loss.item()
