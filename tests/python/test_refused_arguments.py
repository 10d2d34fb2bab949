"""Arguments torch refuses, refused the same way with typed errors: the checks of
the compositions declared in ``src/ops`` (``gaussian_nll_loss``'s variance,
``instance_norm``'s running statistics and rank, ``interpolate``'s modes, ``bilinear``'s
shapes, ``local_response_norm``'s rank)."""

import numpy as np
import pytest
import torch
import torch.nn.functional as TF

import eagertape as et
import eagertape.nn.functional as F


@pytest.mark.parametrize("var", [-1.0, "tensor"], ids=["number", "tensor"])
def test_gaussian_nll_loss_refuses_a_negative_variance_as_torch(var):
    x = np.ones((2, 3))
    with pytest.raises(ValueError, match="negative"):
        tv = torch.tensor([[1.0, -1.0, 1.0]] * 2) if var == "tensor" else var
        TF.gaussian_nll_loss(torch.tensor(x), torch.tensor(x), tv)
    with et.Session(dtype="float64"):
        ev = et.tensor([[1.0, -1.0, 1.0]] * 2) if var == "tensor" else var
        with pytest.raises(et.ArgumentError, match="var has negative entry"):
            F.gaussian_nll_loss(et.tensor(x), et.tensor(x), ev)


def test_gaussian_nll_loss_takes_a_number_variance_as_torch():
    rng = np.random.default_rng(0)
    x, t = rng.standard_normal((4, 3)), rng.standard_normal((4, 3))
    expected = TF.gaussian_nll_loss(torch.tensor(x), torch.tensor(t), 0.5, full=True)
    with et.Session(dtype="float64"):
        got = F.gaussian_nll_loss(et.tensor(x), et.tensor(t), 0.5, full=True)
        np.testing.assert_allclose(got.item(), expected.item(), rtol=1e-12)


def test_instance_norm_refuses_running_statistics_and_low_rank_inputs():
    with et.Session(dtype="float64"):
        x = et.ones(2, 3, 4)
        with pytest.raises(et.ArgumentError, match="running statistics"):
            F.instance_norm(x, running_mean=et.zeros(3), running_var=et.ones(3))
        with pytest.raises(et.ArgumentError, match="running statistics"):
            F.instance_norm(x, use_input_stats=False)
        with pytest.raises(et.ShapeError, match="expected an \\(N, C, ...\\) input"):
            F.instance_norm(et.ones(2, 3))


def test_instance_norm_matches_torch_with_an_affine_transform():
    rng = np.random.default_rng(1)
    x, w, b = rng.standard_normal((2, 3, 5)), rng.standard_normal(3), rng.standard_normal(3)
    expected = TF.instance_norm(torch.tensor(x), weight=torch.tensor(w), bias=torch.tensor(b))
    with et.Session(dtype="float64"):
        got = F.instance_norm(et.tensor(x), weight=et.tensor(w), bias=et.tensor(b))
        np.testing.assert_allclose(got.numpy(), expected.numpy(), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"scale_factor": 2, "mode": "nearest-exact"}, et.ArgumentError, "mode must be one of"),
        ({"scale_factor": 2, "antialias": True}, et.ArgumentError, "antialias"),
        ({"scale_factor": 2, "align_corners": True}, et.ArgumentError, "align_corners"),
        ({}, et.ArgumentError, "exactly one of size and scale_factor"),
        ({"size": 2, "scale_factor": 2}, et.ArgumentError, "exactly one of size and scale_factor"),
        ({"size": (2, 3, 4)}, et.ShapeError, "entries for 2 spatial dims"),
        ({"scale_factor": 2, "mode": "linear"}, et.ShapeError, "takes a 3-D input"),
    ],
)
def test_interpolate_refuses_what_torch_refuses(kwargs, error, match):
    with et.Session(dtype="float64"):
        x = et.ones(1, 1, 2, 2)
        with pytest.raises(error, match=match):
            F.interpolate(x, **kwargs)


def test_interpolate_area_matches_torch_on_three_spatial_dims():
    x = np.random.default_rng(2).standard_normal((1, 2, 4, 6, 5))
    expected = TF.interpolate(torch.tensor(x), size=(2, 3, 2), mode="area")
    with et.Session(dtype="float64"):
        got = F.interpolate(et.tensor(x), size=(2, 3, 2), mode="area")
        np.testing.assert_allclose(got.numpy(), expected.numpy(), rtol=1e-12)


def test_bilinear_refuses_shapes_that_do_not_fit():
    with et.Session(dtype="float64"):
        x1, x2 = et.ones(4, 3), et.ones(4, 2)
        with pytest.raises(et.ShapeError, match="weight must be 3-D"):
            F.bilinear(x1, x2, et.ones(5, 3))
        with pytest.raises(et.ShapeError, match="does not fit"):
            F.bilinear(x1, x2, et.ones(5, 2, 2))
        with pytest.raises(et.ShapeError, match="same leading dims"):
            F.bilinear(x1, et.ones(3, 2), et.ones(5, 3, 2))
        with pytest.raises(et.ShapeError, match="bias must be"):
            F.bilinear(x1, x2, et.ones(5, 3, 2), et.ones(4))


def test_local_response_norm_refuses_inputs_below_three_dims():
    with et.Session(dtype="float64"):
        with pytest.raises(et.ShapeError, match="3D or higher"):
            F.local_response_norm(et.ones(2, 3), 2)
