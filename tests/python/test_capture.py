"""`et.capture`: a step recorded once and replayed from Rust.

A captured step and the same step run eagerly on a copy of the model, side by side in one
session: every loss and every parameter equal bit for bit. What a replay could not
reproduce raises `CaptureError` naming what and the line, and caches nothing.
"""

from __future__ import annotations

import numpy as np
import pytest

import eagertape as et
import eagertape.nn.functional as F

nn = et.nn


def mlp(dtype: str):
    et.manual_seed(0)
    return nn.Sequential(nn.Linear(8, 16, dtype=dtype), nn.Tanh(), nn.Linear(16, 3, dtype=dtype))


def batches(n: int, rows: int = 5, seed: int = 0):
    rng = np.random.default_rng(seed)
    return [(rng.standard_normal((rows, 8)), rng.integers(0, 3, rows)) for _ in range(n)]


def torch_loop(sess, model, opt):
    """torch's step as users write it, on `model` and `opt` (the eager reference)."""

    def step(x, y):
        loss = F.cross_entropy(model(sess.input(x)), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss

    return step


def assert_same_parameters(a, b):
    for p, q in zip(a.parameters(), b.parameters(), strict=True):
        np.testing.assert_array_equal(p.numpy(), q.numpy())


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_twenty_captured_steps_equal_the_eager_steps_bit_for_bit(dtype):
    sess = et.Session(dtype=dtype)
    eager_model, model = mlp(dtype), mlp(dtype)
    eager = torch_loop(sess, eager_model, et.optim.Adam(eager_model.parameters(), lr=1e-2))
    step = et.capture(torch_loop(sess, model, et.optim.Adam(model.parameters(), lr=1e-2)))
    with sess:
        for x, y in batches(20):
            expected = eager(x, y).item()
            assert step(x, y).item() == expected
    assert step.plans == 1
    assert_same_parameters(model, eager_model)


def test_a_scheduler_changes_the_learning_rate_of_the_replays_without_a_new_plan():
    sess = et.Session(dtype="float64")
    eager_model, model = mlp("float64"), mlp("float64")
    eager_opt = et.optim.SGD(eager_model.parameters(), lr=0.1, momentum=0.9)
    opt = et.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheds = [et.optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.5) for o in (eager_opt, opt)]
    eager, step = torch_loop(sess, eager_model, eager_opt), et.capture(torch_loop(sess, model, opt))
    with sess:
        for x, y in batches(8):
            assert step(x, y).item() == eager(x, y).item()
            for s in scheds:
                s.step()
    assert step.plans == 1
    assert opt.param_groups[0]["lr"] == 0.1 * 0.5**4
    assert_same_parameters(model, eager_model)


def test_a_new_input_shape_records_a_new_plan_and_the_cache_keeps_the_newest():
    sess = et.Session(dtype="float64")
    model = mlp("float64")
    opt = et.optim.SGD(model.parameters(), lr=0.1)
    step = et.capture(torch_loop(sess, model, opt), cache_size=2)
    with sess:
        for rows in (4, 5, 4, 6):
            x, y = batches(1, rows=rows)[0]
            step(x, y)
    assert step.plans == 2  # rows 5 went when rows 6 came (4 was used more recently)
    assert [k[1][0][1] for k in step._plans] == [(4, 8), (6, 8)]


def test_parameter_values_set_between_calls_are_what_the_replay_reads():
    sess = et.Session(dtype="float64")
    eager_model, model = mlp("float64"), mlp("float64")
    eager = torch_loop(sess, eager_model, et.optim.SGD(eager_model.parameters(), lr=0.1))
    step = et.capture(torch_loop(sess, model, et.optim.SGD(model.parameters(), lr=0.1)))
    (x, y), (x2, y2) = batches(2)
    with sess:
        step(x, y)
        eager(x, y)
        state = {k: v.numpy() * 0.5 for k, v in model.state_dict().items()}
        model.load_state_dict(state)
        eager_model.load_state_dict(state)
        assert step(x2, y2).item() == eager(x2, y2).item()
    assert_same_parameters(model, eager_model)


def test_a_reset_between_calls_leaves_the_plan_usable():
    sess = et.Session(dtype="float64")
    model = mlp("float64")
    step = et.capture(torch_loop(sess, model, et.optim.SGD(model.parameters(), lr=0.1)))
    x, y = batches(1)[0]
    with sess:
        first = step(x, y).item()
        sess.reset_tape()
        second = step(x, y).item()
    assert second != first  # the parameters moved in between: a real second step
    assert step.plans == 1


def test_a_value_read_inside_the_step_raises_capture_error_naming_the_line():
    sess = et.Session(dtype="float64")
    model = mlp("float64")
    opt = et.optim.SGD(model.parameters(), lr=0.1)

    @et.capture
    def step(x, y):
        loss = F.cross_entropy(model(sess.input(x)), y)
        if loss.item() > 100.0:  # control flow a replay could not follow
            return None
        loss.backward()
        opt.step()
        return loss

    x, y = batches(1)[0]
    with sess, pytest.raises(et.CaptureError, match=r"item\(\).*test_capture.py:\d+: if loss"):
        step(x, y)
    assert step.plans == 0


def test_host_data_other_than_the_arguments_given_to_input_is_refused():
    # A replay would keep this call's values of an array made inside the step (here a
    # view of an argument) or of an argument read other than through `sess.input`.
    sess = et.Session(dtype="float64")
    model = mlp("float64")

    @et.capture
    def view_of_an_argument(x, y):
        return (model(sess.input(x)) + y.reshape(-1, 1)).sum()

    @et.capture
    def argument_as_operand(x, y):
        return (model(sess.input(x)).sum(1) + y).sum()

    x, y = batches(1)[0]
    y = y.astype(np.float64)
    with sess:
        with pytest.raises(et.CaptureError, match=r"not one of its arguments.*reshape"):
            view_of_an_argument(x, y)
        with pytest.raises(et.CaptureError, match="argument 1"):
            argument_as_operand(x, y)
    assert view_of_an_argument.plans == argument_as_operand.plans == 0


def test_an_op_without_a_replay_is_refused_by_name():
    sess = et.Session(dtype="float64")

    @et.capture
    def step(x):
        values, _ = sess.input(x).max(dim=1)  # max(dim) has no replay yet
        return values.sum()

    with sess, pytest.raises(et.CaptureError, match="max.*cannot be replayed yet"):
        step(np.ones((2, 3)))
    assert step.plans == 0


def test_dropout_masks_are_drawn_again_at_each_replay_as_the_eager_step_draws_them():
    # Two sessions with one seed: the eager step and the replay draw the same masks, which
    # differ from step to step (a replay that kept the first mask would drift).
    def run(captured: bool) -> list[float]:
        et.manual_seed(0)
        model = nn.Sequential(
            nn.Linear(8, 16, dtype="float64"), nn.Dropout(0.5), nn.Linear(16, 3, dtype="float64")
        )
        sess = et.Session(dtype="float64", seed=7)
        step = torch_loop(sess, model, et.optim.SGD(model.parameters(), lr=0.1))
        if captured:
            step = et.capture(step)
        with sess:
            return [step(x, y).item() for x, y in batches(10)]

    assert run(captured=True) == run(captured=False)


def test_a_draw_other_than_dropout_is_refused():
    sess = et.Session(dtype="float64")

    @et.capture
    def step(x):
        return (sess.input(x) + sess.randn(3)).sum()  # its values would be frozen

    with sess, pytest.raises(et.CaptureError, match="generator"):
        step(np.ones(3))
    assert step.plans == 0


def test_returning_loss_item_returns_each_replays_value():
    sess = et.Session(dtype="float64")
    eager_model, model = mlp("float64"), mlp("float64")
    eager = torch_loop(sess, eager_model, et.optim.Adam(eager_model.parameters(), lr=1e-2))
    inner = torch_loop(sess, model, et.optim.Adam(model.parameters(), lr=1e-2))
    step = et.capture(lambda x, y: inner(x, y).item())
    with sess:
        for x, y in batches(5):
            loss = step(x, y)
            assert type(loss) is float
            assert loss == eager(x, y).item()
    assert step.plans == 1


@pytest.mark.parametrize(
    "use",
    [
        lambda v: v > 1.0,
        lambda v: float(v),
        lambda v: f"{v:.3f}",
        lambda v: v + 1.0,
        lambda v: print(v),
    ],
    ids=["compare", "float", "format", "add", "print"],
)
def test_using_a_value_read_inside_the_step_is_refused(use):
    sess = et.Session(dtype="float64")
    model = mlp("float64")

    @et.capture
    def step(x, y):
        loss = F.cross_entropy(model(sess.input(x)), y)
        use(loss.item())
        return loss

    with sess, pytest.raises(et.CaptureError, match=r"item\(\) is used inside a captured step"):
        step(*batches(1)[0])
    assert step.plans == 0


@pytest.mark.parametrize("clip", ["norm", "value"])
def test_gradient_clipping_is_applied_again_at_each_replay(clip):
    # Small bounds: every step clips, so a replay that skipped it would drift at once.
    def loop(sess, model, opt):
        def step(x, y):
            opt.zero_grad()
            loss = F.cross_entropy(model(sess.input(x)), y)
            loss.backward()
            if clip == "norm":
                nn.utils.clip_grad_norm_(model.parameters(), 0.05)
            else:
                nn.utils.clip_grad_value_(model.parameters(), 0.01)
            opt.step()
            return loss

        return step

    sess = et.Session(dtype="float64")
    eager_model, model = mlp("float64"), mlp("float64")
    eager = loop(sess, eager_model, et.optim.SGD(eager_model.parameters(), lr=0.5))
    step = et.capture(loop(sess, model, et.optim.SGD(model.parameters(), lr=0.5)))
    with sess:
        for x, y in batches(8):
            assert step(x, y).item() == eager(x, y).item()
    assert step.plans == 1
    assert_same_parameters(model, eager_model)


def test_the_norm_clip_grad_norm_returns_cannot_be_used_inside_the_step():
    sess = et.Session(dtype="float64")
    model = mlp("float64")

    @et.capture
    def step(x, y):
        F.cross_entropy(model(sess.input(x)), y).backward()
        return nn.utils.clip_grad_norm_(model.parameters(), 1.0)

    with sess, pytest.raises(et.CaptureError, match="the norm clip_grad_norm_ returns"):
        step(*batches(1)[0])


def _set_lr(opt, model, sched, sess):
    opt.param_groups[0]["lr"] = 0.5


def _manual_decay(opt, model, sched, sess):
    with et.no_grad():
        for p in model.parameters():
            p.mul_(0.99)


def _module_attribute(opt, model, sched, sess):
    model.last = 1


@pytest.mark.parametrize(
    "change, what",
    [
        (lambda opt, model, sched, sess: sched.step(), "learning rate"),
        (_set_lr, "learning rate"),
        (_manual_decay, "Parameter.mul_"),
        (lambda opt, model, sched, sess: model[0].weight.requires_grad_(False), "requires_grad"),
        (lambda opt, model, sched, sess: et.manual_seed(1), "manual_seed"),
        (_module_attribute, "Sequential.last"),
        (lambda opt, model, sched, sess: nn.Linear(2, 2, dtype="float64"), "Parameter"),
    ],
    ids=[
        "scheduler",
        "set-lr",
        "manual-decay",
        "freeze",
        "seed",
        "module-attr",
        "new-module",
    ],
)
def test_a_change_a_replay_would_not_make_again_is_refused(change, what):
    # Each of these changes state outside the tape: a replay (which does not run the
    # step's Python) would skip it, so the capture refuses, naming it.
    sess = et.Session(dtype="float64")
    model = mlp("float64")
    opt = et.optim.SGD(model.parameters(), lr=0.1)
    sched = et.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)

    @et.capture
    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(sess.input(x)), y)
        loss.backward()
        change(opt, model, sched, sess)
        opt.step()
        return loss

    with sess, pytest.raises(et.CaptureError, match=what):
        step(*batches(1)[0])
    assert step.plans == 0
    assert opt.param_groups[0]["lr"] == 0.1
    assert model[0].weight.requires_grad


def _clear_with_none(model, opt):
    for p in model.parameters():
        p.grad = None


@pytest.mark.parametrize(
    "clear",
    [
        lambda model, opt: model.zero_grad(),
        lambda model, opt: model.zero_grad(set_to_none=False),
        _clear_with_none,
        lambda model, opt: opt.zero_grad(),
    ],
    ids=["module-zero-grad", "module-zero-grad-to-zeros", "p-grad-none", "optimizer-zero-grad"],
)
def test_every_way_to_clear_the_gradients_is_replayed(clear):
    # torch's `model.zero_grad()` or `p.grad = None` inside the step clear the gradients at
    # every replay, as in the eager loop: each replay's update uses that step's gradient
    # alone, never one accumulated over the replays.
    sess = et.Session(dtype="float64")
    eager_model, model = mlp("float64"), mlp("float64")
    eager_opt = et.optim.SGD(eager_model.parameters(), lr=0.1)
    opt = et.optim.SGD(model.parameters(), lr=0.1)

    def loop(model, opt):
        def step(x, y):
            loss = F.cross_entropy(model(sess.input(x)), y)
            clear(model, opt)
            loss.backward()
            opt.step()
            return loss

        return step

    eager, step = loop(eager_model, eager_opt), et.capture(loop(model, opt))
    with sess:
        for x, y in batches(5):
            assert step(x, y).item() == eager(x, y).item()
    assert step.plans == 1
    assert_same_parameters(model, eager_model)


def test_setting_a_module_attribute_to_its_value_is_allowed():
    # model.train() at the top of a step leaves `training` as it is: nothing to replay.
    sess = et.Session(dtype="float64")
    model = mlp("float64")
    opt = et.optim.SGD(model.parameters(), lr=0.1)
    inner = torch_loop(sess, model, opt)

    @et.capture
    def step(x, y):
        model.train()
        return inner(x, y)

    with sess:
        for x, y in batches(3):
            step(x, y)
    assert step.plans == 1


def test_tensor_arguments_are_read_at_each_replay():
    sess = et.Session(dtype="float64")
    eager_model, model = mlp("float64"), mlp("float64")
    eager = torch_loop(sess, eager_model, et.optim.SGD(eager_model.parameters(), lr=0.1))
    opt = et.optim.SGD(model.parameters(), lr=0.1)

    @et.capture(session=sess)
    def step(x, y):
        loss = F.cross_entropy(model(x), y.view(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss

    with sess:
        for x, y in batches(5):
            assert step(et.tensor(x), et.tensor(y)).item() == eager(x, y).item()
        other = et.Session(dtype="float64")
        with pytest.raises(et.CaptureError, match="another session"):
            step(other.input(x), other.input(y, dtype="int64"))
    assert step.plans == 1
    assert_same_parameters(model, eager_model)


def test_a_tensor_made_from_values_the_step_read_is_refused():
    # nonzero's positions depend on this call's values: a replay could not keep them.
    sess = et.Session(dtype="float64")

    @et.capture
    def step(x):
        return et.nonzero(sess.input(x)).double().sum()

    with sess, pytest.raises(et.CaptureError, match="values it read"):
        step(np.array([0.0, 1.0, 2.0]))
    assert step.plans == 0


def test_a_tensor_made_outside_the_step_is_refused():
    sess = et.Session(dtype="float64")
    with sess:
        outside = sess.input(np.ones(3))

        @et.capture
        def step(x):
            return (sess.input(x) * outside).sum()

        with pytest.raises(et.CaptureError, match="before the capture"):
            step(np.ones(3))


def test_each_session_gets_its_own_plan():
    model = mlp("float64")
    opt = et.optim.SGD(model.parameters(), lr=0.1)
    step = et.capture(lambda x, y: torch_loop(et.current_session(), model, opt)(x, y))
    x, y = batches(1)[0]
    for _ in range(2):
        with et.Session(dtype="float64"):
            step(x, y)
            step(x, y)
    assert step.plans == 2


def test_bad_arguments_to_capture_are_refused():
    with pytest.raises(et.ArgumentError, match="callable"):
        et.capture(3)
    with pytest.raises(et.ArgumentError, match="cache_size"):
        et.capture(lambda: None, cache_size=0)
    step = et.capture(lambda x: None)
    with et.Session(), pytest.raises(et.ArgumentError, match="not supported"):
        step(object())


def test_a_plan_holds_its_constants_until_the_captured_step_goes():
    sess = et.Session(dtype="float64")

    @et.capture
    def step(x):
        return (sess.input(x) * sess.ones(1000)).sum()  # a constant of 8000 bytes

    x = np.arange(1000.0)
    with sess:
        assert step(x).item() == x.sum()
        sess.reset_tape()
        sess.empty_cache()
        held = et.memory_stats()["by_category"]["tape"]
        assert held >= 8000  # the plan's constant outlives the reset
        assert step(x).item() == x.sum()  # and the replay reads it
        sess.reset_tape()
        sess.empty_cache()
        del step
        assert et.memory_stats()["by_category"]["tape"] == held - 8000


def cnn(momentum):
    et.manual_seed(0)
    return nn.Sequential(
        nn.Conv2d(1, 4, 3, padding=1, bias=False, dtype="float64"),
        nn.BatchNorm2d(4, momentum=momentum, dtype="float64"),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Linear(4, 3, dtype="float64"),
    )


@pytest.mark.parametrize("momentum", [0.1, None])
def test_a_captured_cnn_step_with_batch_norm_equals_the_eager_step(momentum):
    # Batch norm's running statistics and num_batches_tracked (momentum=None: torch's
    # cumulative average over it) are updated by every replay as by the eager step.
    sess = et.Session(dtype="float64")
    eager_model, model = cnn(momentum), cnn(momentum)
    eager = torch_loop(sess, eager_model, et.optim.AdamW(eager_model.parameters(), lr=1e-2))
    step = et.capture(torch_loop(sess, model, et.optim.AdamW(model.parameters(), lr=1e-2)))
    rng = np.random.default_rng(3)
    with sess:
        for _ in range(20):
            x, y = rng.standard_normal((6, 1, 6, 6)), rng.integers(0, 3, 6)
            assert step(x, y).item() == eager(x, y).item()
    assert step.plans == 1
    for (k, a), (_, b) in zip(
        model.state_dict().items(), eager_model.state_dict().items(), strict=True
    ):
        np.testing.assert_array_equal(a.numpy(), b.numpy(), err_msg=k)
    assert int(model.state_dict()["1.num_batches_tracked"]) == 20


# --- the module attribute guard: a replay sees what the eager step would read -------------


def bn_dropout_net(dtype: str, p: float = 0.5):
    et.manual_seed(0)
    return nn.Sequential(
        nn.Linear(8, 16, dtype=dtype),
        nn.BatchNorm1d(16, dtype=dtype),
        nn.Dropout(p),
        nn.Linear(16, 3, dtype=dtype),
    )


def forward_only(sess, model):
    def step(x):
        return model(sess.input(x))

    return step


def test_eval_after_capture_in_train_mode_replays_as_the_eager_eval_step():
    # torch: after model.eval(), BatchNorm uses (and no longer updates) its running
    # statistics and Dropout is the identity; a replay of the train-mode plan would not
    sess = et.Session(dtype="float64", seed=1)
    eager_model, model = bn_dropout_net("float64"), bn_dropout_net("float64")
    eager, step = forward_only(sess, eager_model), et.capture(forward_only(sess, model))
    (x, _), (x2, _) = batches(2)
    with sess:
        step(x)
        eager(x)
        model.eval()
        eager_model.eval()
        for _ in range(2):
            step(x2)  # (dropout draws differ between the two: the statistics are compared)
        eager(x2)
        assert step.plans == 2
        model.train()  # back to the first plan: its reads hold again
        eager_model.train()
        step(x2)  # (dropout draws differ between the two: the statistics are compared)
        eager(x2)
        assert step.plans == 2
    for a, b in zip(model.buffers(), eager_model.buffers(), strict=True):
        np.testing.assert_array_equal(np.asarray(a.numpy()), np.asarray(b.numpy()))


def test_a_changed_dropout_probability_records_a_new_plan():
    # torch reads Dropout.p at every forward: p = 0 drops nothing
    sess = et.Session(dtype="float64", seed=3)
    model = nn.Sequential(nn.Dropout(0.5))
    step = et.capture(forward_only(sess, model))
    x = np.ones((4, 8))
    with sess:
        dropped = step(x).numpy()
        assert (dropped == 0).any()
        model[0].p = 0.0
        np.testing.assert_array_equal(step(x).numpy(), x)
        assert step.plans == 2


def test_a_module_attribute_its_forward_reads_is_a_guard_of_the_plan():
    class Scaled(nn.Module):
        def __init__(self):
            super().__init__()
            self.scale = 2.0
            self.use_tanh = False

        def forward(self, x):
            y = x * self.scale
            return y.tanh() if self.use_tanh else y

    sess = et.Session(dtype="float64")
    model = Scaled()
    step = et.capture(forward_only(sess, model))
    x = np.array([0.5, -1.0])
    with sess:
        np.testing.assert_array_equal(step(x).numpy(), x * 2.0)
        model.scale = 3.0
        np.testing.assert_array_equal(step(x).numpy(), x * 3.0)
        model.use_tanh = True
        np.testing.assert_array_equal(step(x).numpy(), (sess.input(x) * 3.0).tanh().numpy())
        model.scale = 2.0
        model.use_tanh = False
        np.testing.assert_array_equal(step(x).numpy(), x * 2.0)  # the first plan again
        assert step.plans == 3
