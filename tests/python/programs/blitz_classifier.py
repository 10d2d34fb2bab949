"""The 60-minute blitz, "Training a Classifier": the CIFAR-10 network (two convolutions with
a shared MaxPool2d, three Linears), CrossEntropyLoss and SGD with momentum over a shuffled
DataLoader of batch 4, the running loss printed every 10 mini-batches, the model saved and
reloaded, then the accuracy over the test set and per class with torch.max. CIFAR-10 replaced
by synthetic 3x32x32 images; no worker processes."""

import os
import tempfile

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset

torch.set_default_dtype(torch.float64)
torch.manual_seed(0)
rng = np.random.default_rng(3)
losses = []

trainset = TensorDataset(
    torch.tensor(rng.standard_normal((80, 3, 32, 32)) * 0.5), torch.tensor(rng.integers(0, 10, 80))
)
trainloader = DataLoader(trainset, batch_size=4, shuffle=True, num_workers=0)
testset = TensorDataset(
    torch.tensor(rng.standard_normal((40, 3, 32, 32)) * 0.5), torch.tensor(rng.integers(0, 10, 40))
)
testloader = DataLoader(testset, batch_size=4, shuffle=False, num_workers=0)

classes = ("plane", "car", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck")


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 6, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = torch.flatten(x, 1)  # flatten all dimensions except batch
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)
        return x


net = Net()

criterion = nn.CrossEntropyLoss()
optimizer = optim.SGD(net.parameters(), lr=0.001, momentum=0.9)

for epoch in range(2):  # loop over the dataset multiple times
    running_loss = 0.0
    for i, data in enumerate(trainloader, 0):
        # get the inputs; data is a list of [inputs, labels]
        inputs, labels = data

        # zero the parameter gradients
        optimizer.zero_grad()

        # forward + backward + optimize
        outputs = net(inputs)
        loss = criterion(outputs, labels)
        loss.backward()
        optimizer.step()

        # print statistics
        running_loss += loss.item()
        if i % 10 == 9:  # print every 10 mini-batches
            print(f"[{epoch + 1}, {i + 1:5d}] loss: {running_loss / 10:.3f}")
            losses.append(running_loss / 10)
            running_loss = 0.0

print("Finished Training")

with tempfile.TemporaryDirectory() as folder:
    PATH = os.path.join(folder, "cifar_net.pth")
    torch.save(net.state_dict(), PATH)
    dataiter = iter(testloader)
    images, labels = next(dataiter)
    net = Net()
    net.load_state_dict(torch.load(PATH, weights_only=True))

outputs = net(images)
_, predicted = torch.max(outputs, 1)
print("Predicted: ", " ".join(f"{classes[predicted[j]]:5s}" for j in range(4)))

correct = 0
total = 0
# since we're not training, we don't need to calculate the gradients for our outputs
with torch.no_grad():
    for data in testloader:
        images, labels = data
        # calculate outputs by running images through the network
        outputs = net(images)
        # the class with the highest energy is what we choose as prediction
        _, predicted = torch.max(outputs, 1)
        total += labels.size(0)
        correct += (predicted == labels).sum().item()
losses.append(correct / total)

# prepare to count predictions for each class
correct_pred = {classname: 0 for classname in classes}
total_pred = {classname: 0 for classname in classes}

# again no gradients needed
with torch.no_grad():
    for data in testloader:
        images, labels = data
        outputs = net(images)
        _, predictions = torch.max(outputs, 1)
        # collect the correct predictions for each class
        for label, prediction in zip(labels, predictions):
            if label == prediction:
                correct_pred[classes[label]] += 1
            total_pred[classes[label]] += 1

for classname, correct_count in correct_pred.items():
    accuracy = 100 * float(correct_count) / max(total_pred[classname], 1)
    losses.append(accuracy)

model = net
