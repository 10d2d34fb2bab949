"""The convolutional MNIST classifier of pytorch/examples, with its train and test loops.

`image_size` (28 for MNIST) sets the input size the first fully connected layer expects."""

# Written as a PyTorch model file; the harness binds `torch`, `nn`, `F` (see loader.py).
torch = nn = F = None  # bound by loader.load(module_name, backend)


class Net(nn.Module):
    def __init__(self, image_size=28):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 32, 3, 1)
        self.conv2 = nn.Conv2d(32, 64, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.dropout2 = nn.Dropout(0.5)
        # two unpadded 3x3 convolutions, then a 2x2 max pool: 28 -> 26 -> 24 -> 12
        pooled = (image_size - 4) // 2
        self.fc1 = nn.Linear(64 * pooled * pooled, 128)
        self.fc2 = nn.Linear(128, 10)

    def forward(self, x):
        x = self.conv1(x)
        x = F.relu(x)
        x = self.conv2(x)
        x = F.relu(x)
        x = F.max_pool2d(x, 2)
        x = self.dropout1(x)
        x = torch.flatten(x, 1)
        x = self.fc1(x)
        x = F.relu(x)
        x = self.dropout2(x)
        x = self.fc2(x)
        output = F.log_softmax(x, dim=1)
        return output


def train(model, optimizer, batches):
    """One epoch over `batches` ((data, target) pairs); the loss of every batch."""
    model.train()
    losses = []
    for data, target in batches:
        optimizer.zero_grad()
        output = model(data)
        loss = F.nll_loss(output, target)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def test(model, batches):
    """The average loss and the number of correct predictions over `batches`."""
    model.eval()
    test_loss = 0
    correct = 0
    count = 0
    with torch.no_grad():
        for data, target in batches:
            output = model(data)
            test_loss += F.nll_loss(output, target, reduction="sum").item()  # sum up batch loss
            pred = output.argmax(dim=1, keepdim=True)  # get the index of the max log-probability
            correct += pred.eq(target.view_as(pred)).sum().item()
            count += len(data)
    test_loss /= count
    return test_loss, correct


def make_optimizer(model, lr):
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)


def make_scheduler(optimizer):
    return torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.7)
