//! Python functions generated from the ops' declarations.
//!
//! An op family that declares its `torch.nn.functional` forms (a `functions!` macro beside
//! its units, e.g. `ops::pool1d::functions`) lists each function once: its docstring, its
//! torch signature (required arguments, then `;`, then the optional ones with torch's
//! defaults as Python spells them) and the core function that computes it. [`py_functions`]
//! turns each entry into a `#[pyfunction]` (the signature PyO3 checks, the text signature
//! `inspect` shows, the docstring) that converts the arguments by their declared types
//! ([`Arg`]), records the core function on the input's session all or nothing, and names the
//! result (one `Tensor`, or what the entry's `-> ...` declares: [`Ret`]). `_core._DECLARED`
//! lists every generated function with its parameters' annotations and defaults and its
//! result's annotation, which `tools/gen-stubs` writes into `_core.pyi`.

//!
//! The argument types are in `args.rs` and `layout.rs`, the result types in `returns.rs`,
//! the generators in `generate.rs`; here each family's declaration is expanded and
//! registered.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

#[macro_use]
mod args;
mod layout;
mod returns;
#[macro_use]
mod generate;

// (the families' expansions below find these, and `PyTensor`, by `use declared::*`)
pub use args::*;
pub use generate::*;
pub use layout::*;
pub use returns::*;

mod derived {
    crate::ops::derived::functions!(py_functions_and_methods);
}

mod comparisons {
    crate::ops::compare::functions!(py_functions_and_methods);
}

mod order {
    crate::ops::order::functions!(py_functions_and_methods);
}

mod concat {
    crate::ops::concat::functions!(py_functions);
}

mod embeddings {
    crate::ops::embeddings::functions!(py_functions);
}

mod arithmetic {
    crate::ops::torch_arith::functions!(py_functions_and_methods);
}

mod scatters {
    crate::ops::scatters::functions!(py_functions_and_methods);
}

mod views {
    crate::ops::views::functions!(py_functions_and_methods);
}

mod sized_views {
    crate::ops::views::sized_functions!(py_sized_functions_and_methods);
}

mod sized_arrange {
    crate::ops::arrange::sized_functions!(py_sized_functions_and_methods);
}

mod activations {
    crate::ops::activations::functions!(py_functions_and_methods);
}

mod logical {
    crate::ops::logical::functions!(py_functions_and_methods);
}

mod derived_layers {
    crate::ops::derived::nn_functions!(py_functions);
}

mod selections {
    crate::ops::selections::functions!(py_functions_and_methods);
}

mod combine {
    crate::ops::combine::functions!(py_functions_and_methods);
}

mod reductions {
    crate::ops::reductions::functions!(py_functions_and_methods);
}

mod composed_losses {
    crate::ops::composed_losses::functions!(py_functions);
}

mod convolution {
    crate::ops::convolution::functions!(py_functions);
}

mod norms {
    crate::ops::norm::functions!(py_functions);
}

mod attention {
    crate::ops::attention::functions!(py_functions);
}

mod multi_head {
    crate::ops::multi_head::functions!(py_functions);
}

mod distances {
    crate::ops::distances::functions!(py_functions);
}

mod losses {
    crate::ops::losses::functions!(py_functions);
}

mod pool1d {
    crate::ops::pool1d::functions!(py_functions);
}

mod pooling {
    crate::ops::pooling::functions!(py_functions);
}

mod sliding {
    crate::ops::sliding::functions!(py_functions);
}

mod matmul {
    crate::ops::matmul::functions!(py_functions);
}

mod instance_norms {
    crate::ops::batch_norm::functions!(py_functions);
}

mod padding {
    crate::ops::padding::functions!(py_functions);
}

mod interpolation {
    crate::ops::interpolate::functions!(py_functions);
}

/// Add every declared function, and `_core._DECLARED`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_results(m)?;
    let mut entries: Vec<Entry> = Vec::new();
    reductions::register(m, &mut entries)?;
    derived::register(m, &mut entries)?;
    scatters::register(m, &mut entries)?;
    combine::register(m, &mut entries)?;
    selections::register(m, &mut entries)?;
    logical::register(m, &mut entries)?;
    views::register(m, &mut entries)?;
    activations::register(m, &mut entries)?;
    arithmetic::register(m, &mut entries)?;
    comparisons::register(m, &mut entries)?;
    order::register(m, &mut entries)?;
    let methods = [
        reductions::METHODS,
        derived::METHODS,
        scatters::METHODS,
        combine::METHODS,
        selections::METHODS,
        logical::METHODS,
        views::METHODS,
        activations::METHODS,
        arithmetic::METHODS,
        comparisons::METHODS,
        order::METHODS,
    ]
    .concat();
    m.add("_DECLARED_METHODS", PyTuple::new(m.py(), methods)?)?;
    let in_place: Vec<(&str, &str)> = [
        (reductions::METHODS, reductions::IN_PLACE),
        (derived::METHODS, derived::IN_PLACE),
        (scatters::METHODS, scatters::IN_PLACE),
        (combine::METHODS, combine::IN_PLACE),
        (selections::METHODS, selections::IN_PLACE),
        (logical::METHODS, logical::IN_PLACE),
        (views::METHODS, views::IN_PLACE),
        (activations::METHODS, activations::IN_PLACE),
        (arithmetic::METHODS, arithmetic::IN_PLACE),
        (comparisons::METHODS, comparisons::IN_PLACE),
        (order::METHODS, order::IN_PLACE),
    ]
    .iter()
    .flat_map(|(names, forms)| names.iter().zip(forms.iter()))
    .filter_map(|(name, form)| form.map(|f| (f, *name)))
    .collect();
    m.add("_DECLARED_IN_PLACE", PyTuple::new(m.py(), in_place)?)?;
    sized_views::register(m, &mut entries)?;
    sized_arrange::register(m, &mut entries)?;
    let sized = [sized_views::SIZED, sized_arrange::SIZED].concat();
    m.add("_DECLARED_SIZED", PyTuple::new(m.py(), sized)?)?;
    losses::register(m, &mut entries)?;
    composed_losses::register(m, &mut entries)?;
    distances::register(m, &mut entries)?;
    convolution::register(m, &mut entries)?;
    norms::register(m, &mut entries)?;
    attention::register(m, &mut entries)?;
    multi_head::register(m, &mut entries)?;
    pool1d::register(m, &mut entries)?;
    pooling::register(m, &mut entries)?;
    sliding::register(m, &mut entries)?;
    interpolation::register(m, &mut entries)?;
    matmul::register(m, &mut entries)?;
    padding::register(m, &mut entries)?;
    instance_norms::register(m, &mut entries)?;
    derived_layers::register(m, &mut entries)?;
    embeddings::register(m, &mut entries)?;
    concat::register(m, &mut entries)?;
    let entries: Vec<Bound<'_, PyTuple>> = entries
        .into_iter()
        .map(|(name, params, returns)| {
            PyTuple::new(
                m.py(),
                [
                    name.into_pyobject(m.py())?.into_any(),
                    params.into_pyobject(m.py())?,
                    returns.into_pyobject(m.py())?.into_any(),
                ],
            )
        })
        .collect::<PyResult<_>>()?;
    m.add("_DECLARED", PyTuple::new(m.py(), entries)?)
}
