""" "Learning PyTorch with Examples": fitting y = sin(x) with a third-order polynomial, the
nn version (Sequential of Linear and Flatten(0, 1), MSELoss(reduction="sum"), manual updates
of each parameter under no_grad after model.zero_grad()) and the optim version (RMSprop),
as written."""

import math

import torch

torch.set_default_dtype(torch.float64)
losses = []

# nn: the polynomial as a linear layer over (x, x^2, x^3)
x = torch.linspace(-math.pi, math.pi, 2000)
y = torch.sin(x)

p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(3, 1), torch.nn.Flatten(0, 1))

loss_fn = torch.nn.MSELoss(reduction="sum")

learning_rate = 1e-6
for t in range(400):
    y_pred = model(xx)
    loss = loss_fn(y_pred, y)
    if t % 40 == 39:
        losses.append(loss.item())

    model.zero_grad()
    loss.backward()

    with torch.no_grad():
        for param in model.parameters():
            param -= learning_rate * param.grad

linear_layer = model[0]
losses += [linear_layer.bias.item(), *linear_layer.weight[:, 0].tolist()]

# optim
model = torch.nn.Sequential(torch.nn.Linear(3, 1), torch.nn.Flatten(0, 1))
loss_fn = torch.nn.MSELoss(reduction="sum")

learning_rate = 1e-3
optimizer = torch.optim.RMSprop(model.parameters(), lr=learning_rate)
for t in range(400):
    y_pred = model(xx)
    loss = loss_fn(y_pred, y)
    if t % 40 == 39:
        losses.append(loss.item())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

linear_layer = model[0]
print(
    f"Result: y = {linear_layer.bias.item()} + {linear_layer.weight[:, 0].item()} x + "
    f"{linear_layer.weight[:, 1].item()} x^2 + {linear_layer.weight[:, 2].item()} x^3"
)
