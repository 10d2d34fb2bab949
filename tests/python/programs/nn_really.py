"""The PyTorch tutorial "What is torch.nn really?" (Jeremy Howard), its training loops as
written: logistic regression from raw tensors (requires_grad_, manual updates under no_grad,
grad.zero_()), then refactored with nn.Module, nn.Linear, optim.SGD, TensorDataset,
DataLoader and a validation loop. MNIST replaced by synthetic 784-pixel images."""

import math

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn, optim
from torch.utils.data import DataLoader, TensorDataset

torch.set_default_dtype(torch.float64)
torch.manual_seed(0)

rng = np.random.default_rng(0)
n, c = 256, 10
x_train, y_train, x_valid, y_valid = map(
    torch.tensor,
    (
        rng.standard_normal((n, 784)) * 0.3,
        rng.integers(0, c, n),
        rng.standard_normal((64, 784)) * 0.3,
        rng.integers(0, c, 64),
    ),
)
losses = []

# Neural net from scratch (no torch.nn)
weights = torch.tensor(rng.standard_normal((784, 10))) / math.sqrt(784)
weights.requires_grad_()
bias = torch.zeros(10, requires_grad=True)


def log_softmax(x):
    return x - x.exp().sum(-1).log().unsqueeze(-1)


def model(xb):
    return log_softmax(xb @ weights + bias)


def nll(input, target):
    return -input[range(target.shape[0]), target].mean()


loss_func = nll


def accuracy(out, yb):
    preds = torch.argmax(out, dim=1)
    return (preds == yb).float().mean()


bs = 64
lr = 0.5
epochs = 2
for epoch in range(epochs):
    for i in range((n - 1) // bs + 1):
        start_i = i * bs
        end_i = start_i + bs
        xb = x_train[start_i:end_i]
        yb = y_train[start_i:end_i]
        pred = model(xb)
        loss = loss_func(pred, yb)

        loss.backward()
        with torch.no_grad():
            weights -= weights.grad * lr
            bias -= bias.grad * lr
            weights.grad.zero_()
            bias.grad.zero_()
        losses.append(loss.item())
losses.append(accuracy(model(x_valid), y_valid).item())

# Refactor using nn.Module, optim, Dataset and DataLoader
loss_func = F.cross_entropy


class Mnist_Logistic(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(784, 10)

    def forward(self, xb):
        return self.lin(xb)


def get_model():
    model = Mnist_Logistic()
    return model, optim.SGD(model.parameters(), lr=lr)


def loss_batch(model, loss_func, xb, yb, opt=None):
    loss = loss_func(model(xb), yb)

    if opt is not None:
        loss.backward()
        opt.step()
        opt.zero_grad()

    return loss.item(), len(xb)


def fit(epochs, model, loss_func, opt, train_dl, valid_dl):
    for epoch in range(epochs):
        model.train()
        for xb, yb in train_dl:
            losses.append(loss_batch(model, loss_func, xb, yb, opt)[0])

        model.eval()
        with torch.no_grad():
            batch_losses, nums = zip(*[loss_batch(model, loss_func, xb, yb) for xb, yb in valid_dl])
        val_loss = np.sum(np.multiply(batch_losses, nums)) / np.sum(nums)
        losses.append(float(val_loss))


def get_data(train_ds, valid_ds, bs):
    return (
        DataLoader(train_ds, batch_size=bs, shuffle=True),
        DataLoader(valid_ds, batch_size=bs * 2),
    )


train_ds = TensorDataset(x_train, y_train)
valid_ds = TensorDataset(x_valid, y_valid)
train_dl, valid_dl = get_data(train_ds, valid_ds, bs)
model, opt = get_model()
fit(epochs, model, loss_func, opt, train_dl, valid_dl)
