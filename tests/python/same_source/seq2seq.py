"""A small encoder-decoder translation model written against torch.nn: it subclasses
``nn.Transformer`` (token embeddings in, a generator out, the causal target mask from
``generate_square_subsequent_mask``) and calls ``super().forward``, as the PyTorch
tutorials' ``Seq2SeqTransformer`` does; trained with Adam and cross-entropy."""

# Written as a PyTorch model file; the harness binds `torch`, `nn`, `F` (see loader.py).
torch = nn = F = None  # bound by loader.load(module_name, backend)


class Seq2SeqTransformer(nn.Transformer):
    def __init__(self, vocab, d_model, nhead, layers, dim_feedforward):
        super().__init__(
            d_model=d_model,
            nhead=nhead,
            num_encoder_layers=layers,
            num_decoder_layers=layers,
            dim_feedforward=dim_feedforward,
            dropout=0.0,
            batch_first=True,
        )
        self.src_tok = nn.Embedding(vocab, d_model)
        self.tgt_tok = nn.Embedding(vocab, d_model)
        self.generator = nn.Linear(d_model, vocab)

    def forward(self, src, tgt, src_padding_mask=None):
        mask = self.generate_square_subsequent_mask(tgt.size(1), dtype=self.generator.weight.dtype)
        out = super().forward(
            self.src_tok(src),
            self.tgt_tok(tgt),
            tgt_mask=mask,
            src_key_padding_mask=src_padding_mask,
            memory_key_padding_mask=src_padding_mask,
            tgt_is_causal=True,
        )
        return self.generator(out)


def train_step(model, optimizer, src, tgt, src_padding_mask):
    optimizer.zero_grad()
    logits = model(src, tgt[:, :-1], src_padding_mask)
    loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tgt[:, 1:].reshape(-1))
    loss.backward()
    optimizer.step()
    return loss.item()
