""" "NLP From Scratch: Classifying Names with a Character-Level RNN", as written: one-hot
letters through lineToTensor (`tensor[li][0][letterToIndex(letter)] = 1`), the RNN module of
two Linears over torch.cat((input, hidden), 1) with LogSoftmax, NLLLoss, the manual update
`p.data.add_(p.grad.data, alpha=-learning_rate)`, categoryFromOutput through topk, and random
training examples. A few names per language stand in for the data files; Python's random is
seeded."""

import random
import string

import torch
import torch.nn as nn

torch.set_default_dtype(torch.float64)
torch.manual_seed(0)
random.seed(0)
losses = []

all_letters = string.ascii_letters + " .,;'"
n_letters = len(all_letters)

category_lines = {
    "English": ["Abbott", "Adams", "Baker", "Carter", "Fisher", "Walker"],
    "French": ["Abadie", "Beaulieu", "Chastain", "Dupont", "Lefevre", "Moreau"],
    "Italian": ["Abbadelli", "Bianchi", "Cavalli", "Ferrari", "Moretti", "Ricci"],
    "Japanese": ["Abe", "Fujita", "Hayashi", "Kobayashi", "Nakamura", "Suzuki"],
}
all_categories = list(category_lines)
n_categories = len(all_categories)


# Find letter index from all_letters, e.g. "a" = 0
def letterToIndex(letter):
    return all_letters.find(letter)


# Turn a line into a <line_length x 1 x n_letters>,
# or an array of one-hot letter vectors
def lineToTensor(line):
    tensor = torch.zeros(len(line), 1, n_letters)
    for li, letter in enumerate(line):
        tensor[li][0][letterToIndex(letter)] = 1
    return tensor


class RNN(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super(RNN, self).__init__()

        self.hidden_size = hidden_size

        self.i2h = nn.Linear(input_size + hidden_size, hidden_size)
        self.h2o = nn.Linear(input_size + hidden_size, output_size)
        self.softmax = nn.LogSoftmax(dim=1)

    def forward(self, input, hidden):
        combined = torch.cat((input, hidden), 1)
        hidden = self.i2h(combined)
        output = self.h2o(combined)
        output = self.softmax(output)
        return output, hidden

    def initHidden(self):
        return torch.zeros(1, self.hidden_size)


n_hidden = 128
rnn = RNN(n_letters, n_hidden, n_categories)

input = lineToTensor("Albert")
hidden = torch.zeros(1, n_hidden)

output, next_hidden = rnn(input[0], hidden)
print(output)
losses += output[0].tolist()


def categoryFromOutput(output):
    top_n, top_i = output.topk(1)
    category_i = top_i[0].item()
    return all_categories[category_i], category_i


print(categoryFromOutput(output))


def randomChoice(l):
    return l[random.randint(0, len(l) - 1)]


def randomTrainingExample():
    category = randomChoice(all_categories)
    line = randomChoice(category_lines[category])
    category_tensor = torch.tensor([all_categories.index(category)], dtype=torch.long)
    line_tensor = lineToTensor(line)
    return category, line, category_tensor, line_tensor


criterion = nn.NLLLoss()

learning_rate = 0.005  # If you set this too high, it might explode. If too low, it might not learn


def train(category_tensor, line_tensor):
    hidden = rnn.initHidden()

    rnn.zero_grad()

    for i in range(line_tensor.size()[0]):
        output, hidden = rnn(line_tensor[i], hidden)

    loss = criterion(output, category_tensor)
    loss.backward()

    # Add parameters' gradients to their values, multiplied by learning rate
    for p in rnn.parameters():
        p.data.add_(p.grad.data, alpha=-learning_rate)

    return output, loss.item()


n_iters = 200
print_every = 20
current_loss = 0

for iter in range(1, n_iters + 1):
    category, line, category_tensor, line_tensor = randomTrainingExample()
    output, loss = train(category_tensor, line_tensor)
    current_loss += loss

    # Print ``iter`` number, loss, name and guess
    if iter % print_every == 0:
        guess, guess_i = categoryFromOutput(output)
        correct = "✓" if guess == category else "✗ (%s)" % category
        print("%d %d%% %.4f %s / %s %s" % (iter, iter / n_iters * 100, loss, line, guess, correct))
        losses.append(current_loss / print_every)
        current_loss = 0

model = rnn
