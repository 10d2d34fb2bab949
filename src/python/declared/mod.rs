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

/// Each family's declaration expanded by its generator in a module of its own (named for
/// the family), and `register`, which adds them in this order: the families with `Tensor`
/// methods (`_core._DECLARED_METHODS`, `_DECLARED_IN_PLACE`), those whose methods take
/// `*sizes` (`_DECLARED_SIZED`), then the function-only ones; `_core._DECLARED` lists them all.
macro_rules! families {
    (
        methods: [$($m:ident => $($mp:ident)::+;)*]
        sized: [$($z:ident => $($zp:ident)::+;)*]
        functions: [$($f:ident => $($fp:ident)::+;)*]
    ) => {
        // (torch's argument names are the Python parameters': `LU_data`, `LU_pivots`)
        $(#[allow(non_snake_case)] mod $m { crate::ops::$($mp)::+!(py_functions_and_methods); })*
        $(#[allow(non_snake_case)] mod $z { crate::ops::$($zp)::+!(py_sized_functions_and_methods); })*
        $(#[allow(non_snake_case)] mod $f { crate::ops::$($fp)::+!(py_functions); })*

        /// Add every declared function, and `_core._DECLARED`.
        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            register_results(m)?;
            let mut entries: Vec<Entry> = Vec::new();
            $($m::register(m, &mut entries)?;)*
            let methods = [$($m::METHODS),*].concat();
            m.add("_DECLARED_METHODS", PyTuple::new(m.py(), methods)?)?;
            let in_place: Vec<(&str, &str)> = [$(($m::METHODS, $m::IN_PLACE)),*]
                .iter()
                .flat_map(|(names, forms)| names.iter().zip(forms.iter()))
                .filter_map(|(name, form)| form.map(|f| (f, *name)))
                .collect();
            m.add("_DECLARED_IN_PLACE", PyTuple::new(m.py(), in_place)?)?;
            $($z::register(m, &mut entries)?;)*
            let sized = [$($z::SIZED),*].concat();
            m.add("_DECLARED_SIZED", PyTuple::new(m.py(), sized)?)?;
            $($f::register(m, &mut entries)?;)*
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
    };
}

families! {
    methods: [
        reductions => reductions::functions;
        derived => derived::functions;
        scatters => scatters::functions;
        combine => combine::functions;
        selections => selections::functions;
        logical => logical::functions;
        views => views::functions;
        activations => activations::functions;
        shrinks => activations::piecewise_methods;
        predicates => predicates::functions;
        reshaping => reshaping::functions;
        arithmetic => torch_arith::functions;
        comparisons => compare::functions;
        order => order::functions;
        sampling => draw::sampling_functions;
        splits => split::functions;
        clamps => clamp::functions;
        conversions => convert::functions;
        products => matmul::product_functions;
        vector_products => products::functions;
        powers => powers::functions;
        ieee => ieee::functions;
        bitwise => invert::functions;
        rearrange => rearrange::functions;
        linalg => linalg::functions;
        special => special::functions;
        scatter_views => scatter_views::functions;
        tallies => tallies::functions;
    ]
    sized: [
        sized_views => views::sized_functions;
        sized_arrange => arrange::sized_functions;
        sized_rearrange => rearrange::sized_functions;
        sized_tallies => tallies::sized_functions;
    ]
    functions: [
        reversed_sub => torch_arith::function_forms;
        class_losses => nll::functions;
        ctc => ctc::functions;
        searches => sort::functions;
        losses => losses::functions;
        composed_losses => composed_losses::functions;
        distances => distances::functions;
        convolution => convolution::functions;
        norms => norm::functions;
        attention => attention::functions;
        multi_head => multi_head::functions;
        pool1d => pool1d::functions;
        pooling => pooling::functions;
        pool_indices => pool_indices::functions;
        sliding => sliding::functions;
        interpolation => interpolate::functions;
        matmul => matmul::functions;
        padding => padding::functions;
        instance_norms => batch_norm::functions;
        derived_layers => derived::nn_functions;
        contractions => derived::variadic_functions;
        embeddings => embeddings::functions;
        concat => concat::functions;
        draws => draw::functions;
        split_forms => split::function_forms;
        index => index::functions;
        recurrent => rnn::functions;
        piecewise => activations::piecewise_functions;
        joins => reshaping::joins;
        lp_pools => lp_pool::functions;
        pairwise => pairwise::functions;
        linalg_forms => linalg::function_forms;
        distance_forms => special::function_forms;
        assemble => assemble::functions;
        differences => differences::functions;
        cells => cells::functions;
        tally_forms => tallies::function_forms;
    ]
}
