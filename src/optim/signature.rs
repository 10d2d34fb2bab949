//! Every optimizer's torch.optim constructor, declared once: its hyperparameters in torch's
//! signature order with torch's defaults. The core reads its defaults from here (a rule's
//! [`Hyper`](super::Hyper), SGD's and Adam's configurations); the Python classes bind their
//! arguments against the same table (`_core._OPTIMIZER_SIGNATURES`), so no default is
//! written twice.
//!
//! A pair (`betas`) is one argument in torch's signature and two hyperparameters here
//! (`beta1`, `beta2`); a flag is a hyperparameter 0 or 1. `maximize` is keyword-only in
//! torch and every optimizer takes it: it is not listed, and [`defaults`] appends it last.

/// One argument of a torch.optim constructor after `params`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arg {
    /// A number and its default.
    Number(&'static str, f64),
    /// A flag and its default, held as 0 or 1.
    Flag(&'static str, bool),
    /// A pair: torch's name, the two hyperparameters it is held as, their defaults.
    Pair(&'static str, [&'static str; 2], [f64; 2]),
}

impl Arg {
    /// torch's name of the argument.
    pub fn name(&self) -> &'static str {
        match self {
            Arg::Number(n, _) | Arg::Flag(n, _) | Arg::Pair(n, _, _) => n,
        }
    }
}

/// The flat hyperparameters of `args` with their defaults, `maximize` (0) last.
pub fn defaults(args: &[Arg]) -> Vec<(&'static str, f64)> {
    let mut out = Vec::with_capacity(args.len() + 2); // bounded: two per argument at most
    for a in args {
        match *a {
            Arg::Number(n, v) => out.push((n, v)),
            Arg::Flag(n, on) => out.push((n, super::flag(on))),
            Arg::Pair(_, [a, b], [x, y]) => out.extend([(a, x), (b, y)]),
        }
    }
    out.push(("maximize", 0.0));
    out
}

/// torch.optim.SGD's.
pub const SGD: &[Arg] = &[
    Arg::Number("lr", 1e-3),
    Arg::Number("momentum", 0.0),
    Arg::Number("dampening", 0.0),
    Arg::Number("weight_decay", 0.0),
    Arg::Flag("nesterov", false),
];

/// torch.optim.Adam's.
pub const ADAM: &[Arg] = &[
    Arg::Number("lr", 1e-3),
    Arg::Pair("betas", ["beta1", "beta2"], [0.9, 0.999]),
    Arg::Number("eps", 1e-8),
    Arg::Number("weight_decay", 0.0),
    Arg::Flag("amsgrad", false),
];

/// torch.optim.AdamW's (Adam's with a decoupled weight decay of 1e-2).
pub const ADAMW: &[Arg] = &[
    Arg::Number("lr", 1e-3),
    Arg::Pair("betas", ["beta1", "beta2"], [0.9, 0.999]),
    Arg::Number("eps", 1e-8),
    Arg::Number("weight_decay", 1e-2),
    Arg::Flag("amsgrad", false),
];

/// The value of `name` among `defaults(args)` (0 for a name not there).
pub fn default_of(args: &[Arg], name: &str) -> f64 {
    defaults(args)
        .into_iter()
        .find(|(n, _)| *n == name)
        .map_or(0.0, |(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_flatten_pairs_and_flags_with_maximize_last() {
        let d = defaults(ADAM);
        assert_eq!(
            d,
            vec![
                ("lr", 1e-3),
                ("beta1", 0.9),
                ("beta2", 0.999),
                ("eps", 1e-8),
                ("weight_decay", 0.0),
                ("amsgrad", 0.0),
                ("maximize", 0.0),
            ]
        );
    }

    #[test]
    fn every_signature_starts_with_lr_and_names_each_argument_once() {
        for (kind, args) in crate::optim::signatures() {
            assert_eq!(args[0].name(), "lr", "{kind}");
            let names: Vec<&str> = defaults(args).iter().map(|(n, _)| *n).collect();
            let mut unique = names.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), names.len(), "{kind}: {names:?}");
        }
    }
}
