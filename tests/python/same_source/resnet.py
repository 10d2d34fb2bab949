"""Residual networks in the style of torchvision's ResNet: BasicBlocks with identity or
1x1-projection shortcuts, stages of widths w, 2w, 4w (, 8w), global average pooling and a
linear classifier. `resnet_small` is a three-stage network for CIFAR-sized images;
`resnet18` is torchvision's ResNet-18 layout (7x7 stem at stride 2, four stages of two
blocks, widths 64 to 512), and `SiameseNetwork` the pair classifier of pytorch/examples'
siamese_network built on it."""

# Written as a PyTorch model file; the harness binds `torch`, `nn`, `F` (see loader.py).
torch = nn = F = None  # bound by loader.load(module_name, backend)


def conv3x3(in_planes, out_planes, stride=1, groups=1, dilation=1):
    """3x3 convolution with padding"""
    return nn.Conv2d(
        in_planes,
        out_planes,
        kernel_size=3,
        stride=stride,
        padding=dilation,
        groups=groups,
        bias=False,
        dilation=dilation,
    )


def conv1x1(in_planes, out_planes, stride=1):
    """1x1 convolution"""
    return nn.Conv2d(in_planes, out_planes, kernel_size=1, stride=stride, bias=False)


class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, inplanes, planes, stride=1, downsample=None, norm_layer=None):
        super().__init__()
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        # Both self.conv1 and self.downsample layers downsample the input when stride != 1
        self.conv1 = conv3x3(inplanes, planes, stride)
        self.bn1 = norm_layer(planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = conv3x3(planes, planes)
        self.bn2 = norm_layer(planes)
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        identity = x

        out = self.conv1(x)
        out = self.bn1(out)
        out = self.relu(out)

        out = self.conv2(out)
        out = self.bn2(out)

        if self.downsample is not None:
            identity = self.downsample(x)

        out += identity
        out = self.relu(out)

        return out


class ResNet(nn.Module):
    def __init__(
        self,
        block,
        layers,
        num_classes=10,
        zero_init_residual=False,
        width=16,
        maxpool=True,
        norm_layer=None,
        in_channels=3,
        stem="cifar",
    ):
        super().__init__()
        if norm_layer is None:
            norm_layer = nn.BatchNorm2d
        self._norm_layer = norm_layer

        self.inplanes = width
        if stem == "cifar":
            # one 3x3 convolution at stride 1 instead of ImageNet's 7x7 at stride 2
            self.conv1 = nn.Conv2d(
                in_channels, self.inplanes, kernel_size=3, stride=1, padding=1, bias=False
            )
        else:
            self.conv1 = nn.Conv2d(
                in_channels, self.inplanes, kernel_size=7, stride=2, padding=3, bias=False
            )
        self.bn1 = norm_layer(self.inplanes)
        self.relu = nn.ReLU(inplace=True)
        if maxpool:
            self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, padding=1)
        else:
            self.maxpool = nn.Identity()
        self.layer1 = self._make_layer(block, width, layers[0])
        self.layer2 = self._make_layer(block, 2 * width, layers[1], stride=2)
        self.layer3 = self._make_layer(block, 4 * width, layers[2], stride=2)
        last = 4 * width
        if len(layers) > 3:
            self.layer4 = self._make_layer(block, 8 * width, layers[3], stride=2)
            last = 8 * width
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(last * block.expansion, num_classes)

        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
            elif isinstance(m, (nn.BatchNorm2d, nn.GroupNorm)):
                nn.init.constant_(m.weight, 1)
                nn.init.constant_(m.bias, 0)

        # Zero-initialize the last BN in each residual branch,
        # so that the residual branch starts with zeros, and each residual block behaves like
        # an identity. This improves the model by 0.2~0.3% according to
        # https://arxiv.org/abs/1706.02677
        if zero_init_residual:
            for m in self.modules():
                if isinstance(m, BasicBlock) and m.bn2.weight is not None:
                    nn.init.constant_(m.bn2.weight, 0)

    def _make_layer(self, block, planes, blocks, stride=1):
        norm_layer = self._norm_layer
        downsample = None
        if stride != 1 or self.inplanes != planes * block.expansion:
            downsample = nn.Sequential(
                conv1x1(self.inplanes, planes * block.expansion, stride),
                norm_layer(planes * block.expansion),
            )

        layers = []
        layers.append(block(self.inplanes, planes, stride, downsample, norm_layer))
        self.inplanes = planes * block.expansion
        for _ in range(1, blocks):
            layers.append(block(self.inplanes, planes, norm_layer=norm_layer))

        return nn.Sequential(*layers)

    def _forward_impl(self, x):
        x = self.conv1(x)
        x = self.bn1(x)
        x = self.relu(x)
        x = self.maxpool(x)

        x = self.layer1(x)
        x = self.layer2(x)
        x = self.layer3(x)
        if hasattr(self, "layer4"):
            x = self.layer4(x)

        x = self.avgpool(x)
        x = torch.flatten(x, 1)
        x = self.fc(x)

        return x

    def forward(self, x):
        return self._forward_impl(x)


def resnet_small(num_classes=10, **kwargs):
    """A three-stage ResNet with one BasicBlock per stage (widths 16, 32, 64 by default)."""
    return ResNet(BasicBlock, [1, 1, 1], num_classes=num_classes, **kwargs)


def resnet18(num_classes=1000, in_channels=3):
    """torchvision's ResNet-18 layout."""
    return ResNet(
        BasicBlock,
        [2, 2, 2, 2],
        num_classes=num_classes,
        width=64,
        in_channels=in_channels,
        stem="imagenet",
    )


class SiameseNetwork(nn.Module):
    """Two images through one ResNet-18 tower (one input channel, its classifier removed),
    the two feature vectors concatenated, then a two-layer head and a sigmoid: the
    probability that both images show the same digit."""

    def __init__(self):
        super().__init__()
        tower = resnet18(in_channels=1)
        features = tower.fc.in_features
        self.resnet = nn.Sequential(*list(tower.children())[:-1])
        self.fc = nn.Sequential(
            nn.Linear(features * 2, 256),
            nn.ReLU(inplace=True),
            nn.Linear(256, 1),
        )
        self.sigmoid = nn.Sigmoid()

    def forward_once(self, x):
        output = self.resnet(x)
        return output.view(output.size()[0], -1)

    def forward(self, input1, input2):
        both = torch.cat((self.forward_once(input1), self.forward_once(input2)), 1)
        return self.sigmoid(self.fc(both))


def siamese_step(model, optimizer, images_1, images_2, targets):
    """One training step of siamese_network's loop (BCELoss); the loss before the step."""
    model.train()
    optimizer.zero_grad()
    outputs = model(images_1, images_2).squeeze()
    loss = nn.BCELoss()(outputs, targets)
    loss.backward()
    optimizer.step()
    return loss.item()


def train_step(model, optimizer, x, y):
    """One optimization step on the batch (x, y); the loss before the step."""
    model.train()
    optimizer.zero_grad()
    output = model(x)
    loss = F.cross_entropy(output, y)
    loss.backward()
    nn.utils.clip_grad_norm_(model.parameters(), max_norm=5.0)
    optimizer.step()
    return loss.item()
