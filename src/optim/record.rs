//! An optimizer's state as it crosses a boundary: a tree of numbers, text, tensors, lists
//! and maps (what Python's `_state_dict()` and a checkpoint file hold). [`Optimizer::record`]
//! and [`Lbfgs::record`] write it; their `load_record` read one back, checking every entry
//! against the parameters before anything changes. A binding only converts the tree.
//!
//! [`Optimizer::record`]: super::Optimizer::record
//! [`Lbfgs::record`]: super::lbfgs::Lbfgs::record

use std::sync::Arc;

use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::error::{Error, Result};
use crate::ledger::Category;
use crate::param::Parameter;

/// One node of a state record.
pub enum Record<B: Backend> {
    None,
    /// An integer (a count, a parameter id, a flag).
    Int(i64),
    Number(f64),
    Text(String),
    /// Written: the state's own buffer (shared; the reader copies it out). Read: data in
    /// whatever dtype and device it came in, converted to its parameter's by [`Self::tensor_for`].
    Tensor(Value<B>),
    List(Vec<Record<B>>),
    /// Entries in order; keys are `Int` or `Text`.
    Map(Vec<(Record<B>, Record<B>)>),
}

impl<B: Backend> Record<B> {
    /// A map from text keys.
    pub fn map<const N: usize>(entries: [(&str, Record<B>); N]) -> Self {
        Record::Map(
            entries
                .into_iter()
                .map(|(k, v)| (Record::Text(k.into()), v))
                .collect(),
        )
    }

    /// Data read from outside (ledgered as optimizer state until dropped).
    pub fn data(t: B::T) -> Self {
        Record::Tensor(Tracked::owned(t, Category::Optimizer))
    }

    fn kind(&self) -> &'static str {
        match self {
            Record::None => "None",
            Record::Int(_) => "an integer",
            Record::Number(_) => "a number",
            Record::Text(_) => "text",
            Record::Tensor(_) => "an array",
            Record::List(_) => "a list",
            Record::Map(_) => "a mapping",
        }
    }

    fn wrong(&self, what: &str, want: &str) -> Error {
        Error::Config(format!("{what} must be {want}, not {}", self.kind()))
    }

    /// The entry `key` of a map (`what` names the map in the error).
    pub fn get(&self, key: &str, what: &str) -> Result<&Record<B>> {
        self.entries(what)?
            .iter()
            .find(|(k, _)| matches!(k, Record::Text(t) if t == key))
            .map(|(_, v)| v)
            .ok_or_else(|| Error::Config(format!("{what} has no {key}")))
    }

    /// A map's entries.
    pub fn entries(&self, what: &str) -> Result<&[(Record<B>, Record<B>)]> {
        match self {
            Record::Map(m) => Ok(m),
            other => Err(other.wrong(what, "a mapping")),
        }
    }

    /// A list's items.
    pub fn items(&self, what: &str) -> Result<&[Record<B>]> {
        match self {
            Record::List(v) => Ok(v),
            other => Err(other.wrong(what, "a list")),
        }
    }

    pub fn text(&self, what: &str) -> Result<&str> {
        match self {
            Record::Text(t) => Ok(t),
            other => Err(other.wrong(what, "text")),
        }
    }

    /// A number: an integer, a float, or a one-element array (numpy's 0-d arrays).
    pub fn number(&self, what: &str) -> Result<f64> {
        match self {
            Record::Int(i) => Ok(*i as f64),
            Record::Number(v) => Ok(*v),
            Record::Tensor(t) if B::numel(t.get()) == 1 => Ok(B::to_f64(t.get())?[0]),
            other => Err(other.wrong(what, "a number")),
        }
    }

    /// A count (non-negative integer).
    pub fn count(&self, what: &str) -> Result<u64> {
        let v = self.number(what)?;
        if v < 0.0 || v.fract() != 0.0 || v > u64::MAX as f64 {
            return Err(Error::Config(format!(
                "{what} must be a non-negative integer, not {v}"
            )));
        }
        Ok(v as u64)
    }

    /// A tensor in `p`'s dtype and device and of its shape (converted; `what` names it).
    pub fn tensor_for(&self, p: &Parameter<B>, what: &str) -> Result<Value<B>> {
        let Record::Tensor(t) = self else {
            return Err(self.wrong(what, "an array"));
        };
        let t = B::convert(t.get(), p.dtype(), p.device())?;
        if B::shape(&t) != p.shape() {
            return Err(Error::Shape(format!(
                "{what} holds shape {:?} for parameter {} of shape {:?}",
                B::shape(&t),
                p.label(),
                p.shape()
            )));
        }
        Ok(Tracked::owned(t, Category::Optimizer))
    }

    /// One tensor per parameter, each converted as [`Self::tensor_for`].
    pub fn vector_for(&self, params: &[Arc<Parameter<B>>], what: &str) -> Result<Vec<Value<B>>> {
        let items = self.items(what)?;
        if items.len() != params.len() {
            return Err(Error::Config(format!(
                "{what} has {} parts for {} parameters",
                items.len(),
                params.len()
            )));
        }
        items
            .iter()
            .zip(params)
            .map(|(item, p)| item.tensor_for(p, what))
            .collect()
    }
}

/// The tensors of a vector (one per parameter), shared.
pub fn vector<B: Backend>(v: &[Value<B>]) -> Record<B> {
    Record::List(v.iter().map(|t| Record::Tensor(Arc::clone(t))).collect())
}

/// `Some(vector)` as [`vector`], `None` as `Record::None`.
pub fn optional_vector<B: Backend>(v: Option<&[Value<B>]>) -> Record<B> {
    v.map_or(Record::None, vector)
}

/// `{"type", "hyper": {name: value}, "state": {param_id: {"step", <buffer>: array,
/// <number>: float}}}`: an optimizer's whole state, its buffers shared.
pub fn of<B: Backend, O: super::Optimizer<B> + ?Sized>(opt: &O) -> Record<B> {
    let hyper = opt
        .hyper()
        .into_iter()
        .map(|(k, v)| (Record::Text(k.into()), Record::Number(v)))
        .collect();
    let state = opt
        .state()
        .iter()
        .map(|(id, st)| {
            let mut entry = vec![(Record::Text("step".into()), Record::Int(st.step as i64))];
            for (name, v) in &st.buffers {
                entry.push((Record::Text((*name).into()), Record::Tensor(Arc::clone(v))));
            }
            for (name, v) in &st.scalars {
                entry.push((Record::Text((*name).into()), Record::Number(*v)));
            }
            (Record::Int(*id as i64), Record::Map(entry))
        })
        .collect();
    Record::map([
        ("type", Record::Text(opt.kind().into())),
        ("hyper", Record::Map(hyper)),
        ("state", Record::Map(state)),
    ])
}

/// Restore a record written by [`of`] into `opt`: every part is read and checked (type,
/// parameter ids, buffer names, shapes, hyperparameters as at construction) before
/// anything changes.
pub fn load<B: Backend, O: super::Optimizer<B> + ?Sized>(opt: &mut O, r: &Record<B>) -> Result<()> {
    const WHAT: &str = "load_state_dict: the state dict";
    let kind = r
        .get("type", WHAT)?
        .text("load_state_dict: type")?
        .to_string();
    let hyper = r
        .get("hyper", WHAT)?
        .entries("load_state_dict: hyper")?
        .iter()
        .map(|(k, v)| {
            let name = k.text("load_state_dict: a hyperparameter's name")?;
            Ok((
                name.to_string(),
                v.number(&format!("load_state_dict: {name}"))?,
            ))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut state = super::StateMap::new();
    for (id, entry) in r.get("state", WHAT)?.entries("load_state_dict: state")? {
        let Record::Int(id) = id else {
            return Err(id.wrong("load_state_dict: a parameter id", "an integer"));
        };
        let p = opt
            .params()
            .iter()
            .find(|p| p.id() as i64 == *id)
            .cloned()
            .ok_or_else(|| Error::Config(format!("load_state_dict: no parameter with id {id}")))?;
        let what = format!("load_state_dict: the state of parameter {}", p.label());
        let mut st = super::ParamState::<B> {
            step: entry.get("step", &what)?.count(&format!("{what}: step"))?,
            ..super::ParamState::default()
        };
        for name in opt.scalar_names() {
            st.scalars.push((
                name,
                entry.get(name, &what)?.number(&format!("{what}: {name}"))?,
            ));
        }
        for name in opt.buffer_names() {
            let value = entry.get(name, &what)?;
            st.buffers
                .push((name, value.tensor_for(&p, &format!("{what}: {name}"))?));
        }
        state.insert(p.id(), st);
    }
    opt.load_state_dict(&kind, state, &hyper)
}

impl super::lbfgs::LbfgsConfig {
    /// torch's options by name, in its order (`LBFGS.param_groups[0]`, `_config`).
    pub fn record<B: Backend>(&self) -> Record<B> {
        let search = match self.strong_wolfe {
            true => Record::Text("strong_wolfe".into()),
            false => Record::None,
        };
        Record::map([
            ("lr", Record::Number(self.lr)),
            ("max_iter", Record::Int(self.max_iter as i64)),
            ("max_eval", Record::Int(self.max_eval as i64)),
            ("tolerance_grad", Record::Number(self.tolerance_grad)),
            ("tolerance_change", Record::Number(self.tolerance_change)),
            ("history_size", Record::Int(self.history_size as i64)),
            ("line_search_fn", search),
        ])
    }

    /// The options a [`LbfgsConfig::record`] names, checked as at construction.
    pub fn from_record<B: Backend>(r: &Record<B>) -> Result<Self> {
        const WHAT: &str = "LBFGS options";
        let number = |k: &str| r.get(k, WHAT)?.number(k);
        let count = |k: &str| Ok::<_, Error>(r.get(k, WHAT)?.count(k)? as usize);
        let search = match r.get("line_search_fn", WHAT)? {
            Record::None => None,
            t => Some(t.text("line_search_fn")?),
        };
        Self::new(
            number("lr")?,
            count("max_iter")?,
            Some(count("max_eval")?),
            number("tolerance_grad")?,
            number("tolerance_change")?,
            count("history_size")?,
            search,
        )
    }
}

impl<B: Backend> super::lbfgs::Lbfgs<B> {
    /// `{"func_evals", "n_iter", "t", "H_diag", "prev_loss", "ro": [float], "d",
    /// "prev_flat_grad": one array per parameter or None, "old_dirs", "old_stps": lists of
    /// those}`: the algorithm's state, its vectors shared.
    pub fn record(&self) -> Record<B> {
        let st = &self.state;
        let history = |h: &std::collections::VecDeque<Vec<Value<B>>>| {
            Record::List(h.iter().map(|v| vector(v)).collect())
        };
        Record::map([
            ("func_evals", Record::Int(st.func_evals as i64)),
            ("n_iter", Record::Int(st.n_iter as i64)),
            ("t", Record::Number(st.t)),
            ("H_diag", Record::Number(st.h_diag)),
            ("prev_loss", Record::Number(st.prev_loss)),
            (
                "ro",
                Record::List(st.ro.iter().map(|&v| Record::Number(v)).collect()),
            ),
            ("d", optional_vector(st.d.as_deref())),
            (
                "prev_flat_grad",
                optional_vector(st.prev_flat_grad.as_deref()),
            ),
            ("old_dirs", history(&st.old_dirs)),
            ("old_stps", history(&st.old_stps)),
        ])
    }

    /// Restore a record written by [`Self::record`]: every vector checked against the
    /// parameters' shapes (converted to their dtype and device) before the state is replaced.
    pub fn load_record(&mut self, r: &Record<B>) -> Result<()> {
        const WHAT: &str = "LBFGS.load_state_dict: the state";
        let what = |key: &str| format!("LBFGS.load_state_dict: {key}");
        let params = self.params().to_vec();
        let optional = |key: &str| -> Result<Option<Vec<Value<B>>>> {
            match r.get(key, WHAT)? {
                Record::None => Ok(None),
                v => v.vector_for(&params, &what(key)).map(Some),
            }
        };
        let history = |key: &str| -> Result<std::collections::VecDeque<Vec<Value<B>>>> {
            let items = r.get(key, WHAT)?.items(&what(key))?;
            items
                .iter()
                .map(|v| v.vector_for(&params, &what(key)))
                .collect()
        };
        let number = |key: &str| r.get(key, WHAT)?.number(&what(key));
        let count =
            |key: &str| -> Result<usize> { Ok(r.get(key, WHAT)?.count(&what(key))? as usize) };
        let old_dirs = history("old_dirs")?;
        let old_stps = history("old_stps")?;
        let ro = r
            .get("ro", WHAT)?
            .items(&what("ro"))?
            .iter()
            .map(|v| v.number(&what("ro")))
            .collect::<Result<std::collections::VecDeque<f64>>>()?;
        if old_stps.len() != old_dirs.len() || ro.len() != old_dirs.len() {
            return Err(Error::Config(
                "LBFGS.load_state_dict: old_dirs, old_stps and ro must have one entry each per pair"
                    .into(),
            ));
        }
        self.state = super::lbfgs::LbfgsState {
            func_evals: count("func_evals")?,
            n_iter: count("n_iter")?,
            d: optional("d")?,
            t: number("t")?,
            old_dirs,
            old_stps,
            ro,
            h_diag: number("H_diag")?,
            prev_flat_grad: optional("prev_flat_grad")?,
            prev_loss: number("prev_loss")?,
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use tch::Tensor;

    use super::*;
    use crate::backend::dynamic::Dyn;
    use crate::grads::GradMap;
    use crate::ops::testing::{dt, param, to_vec};
    use crate::optim::Optimizer;

    /// An Adam over one parameter `[1, 2, 3]` after one step with gradient `[0.5, -1, 2]`.
    fn stepped_adam() -> (Arc<Parameter<Dyn>>, Box<dyn Optimizer<Dyn>>) {
        let p = param(&Tensor::from_slice(&[1.0f64, 2.0, 3.0]), "w");
        let mut opt = crate::optim::make("Adam", vec![Arc::clone(&p)], &[], false).unwrap();
        let grads = GradMap::new();
        let g = dt(&Tensor::from_slice(&[0.5f64, -1.0, 2.0]));
        grads
            .accumulate(&p, Tracked::owned(g, Category::Grad))
            .unwrap();
        opt.step(&grads).unwrap();
        (p, opt)
    }

    fn exp_avg(opt: &dyn Optimizer<Dyn>, p: &Parameter<Dyn>) -> Vec<f64> {
        let t = opt.state()[&p.id()].get("exp_avg").unwrap();
        to_vec(Dyn::as_torch(t).unwrap())
    }

    /// The buffer `name` of the first state entry of an optimizer record, mutably.
    fn entry_mut<'a>(r: &'a mut Record<Dyn>, name: &str) -> &'a mut Record<Dyn> {
        let Record::Map(top) = r else { panic!() };
        let Record::Map(state) = &mut top[2].1 else {
            panic!()
        };
        let Record::Map(entry) = &mut state[0].1 else {
            panic!()
        };
        let at = entry
            .iter()
            .position(|(k, _)| matches!(k, Record::Text(t) if t == name))
            .unwrap();
        &mut entry[at].1
    }

    #[test]
    fn an_optimizer_record_restores_the_state_it_was_written_from() {
        // torch: opt2.load_state_dict(opt.state_dict()) gives opt2 opt's exp_avg, here
        // (1 − 0.9)·g = [0.05, −0.1, 0.2]
        let (p, opt) = stepped_adam();
        let mut fresh = crate::optim::make("Adam", vec![Arc::clone(&p)], &[], false).unwrap();
        fresh.load_record(&opt.record()).unwrap();
        assert_eq!(exp_avg(fresh.as_ref(), &p), exp_avg(opt.as_ref(), &p));
        let want = [0.05, -0.1, 0.2];
        for (a, b) in exp_avg(fresh.as_ref(), &p).iter().zip(want) {
            assert!((a - b).abs() < 1e-12, "{a} vs {b}");
        }
        assert_eq!(fresh.state()[&p.id()].step, 1);
    }

    #[test]
    fn a_record_with_a_buffer_of_another_shape_is_refused_and_changes_nothing() {
        let (p, mut opt) = stepped_adam();
        let before = exp_avg(opt.as_ref(), &p);
        let mut r = opt.record();
        *entry_mut(&mut r, "exp_avg") = Record::data(dt(&Tensor::from_slice(&[1.0f64; 7])));
        let err = opt.load_record(&r).unwrap_err();
        assert!(
            matches!(&err, Error::Shape(m) if m.contains("[7]")),
            "{err}"
        );
        assert_eq!(exp_avg(opt.as_ref(), &p), before);
    }

    #[test]
    fn a_record_with_a_negative_step_or_a_text_id_is_a_config_error() {
        let (_p, mut opt) = stepped_adam();
        let mut r = opt.record();
        *entry_mut(&mut r, "step") = Record::Int(-1);
        let err = opt.load_record(&r).unwrap_err();
        assert!(
            matches!(&err, Error::Config(m) if m.contains("non-negative")),
            "{err}"
        );

        let mut r = opt.record();
        let Record::Map(top) = &mut r else { panic!() };
        let Record::Map(state) = &mut top[2].1 else {
            panic!()
        };
        state[0].0 = Record::Text("w".into());
        let err = opt.load_record(&r).unwrap_err();
        assert!(
            matches!(&err, Error::Config(m) if m.contains("an integer")),
            "{err}"
        );
    }

    #[test]
    fn an_lbfgs_record_needs_one_part_per_parameter() {
        let p = param(&Tensor::from_slice(&[1.0f64, 2.0]), "x");
        let cfg = super::super::lbfgs::LbfgsConfig {
            lr: 1.0,
            max_iter: 20,
            max_eval: 25,
            tolerance_grad: 1e-7,
            tolerance_change: 1e-9,
            history_size: 100,
            strong_wolfe: false,
        };
        let mut opt = super::super::lbfgs::Lbfgs::new(vec![p], cfg).unwrap();
        let mut r = opt.record();
        opt.load_record(&r).unwrap();
        let Record::Map(top) = &mut r else { panic!() };
        let d = top
            .iter_mut()
            .find(|(k, _)| matches!(k, Record::Text(t) if t == "d"));
        d.unwrap().1 = Record::List(vec![]);
        let err = opt.load_record(&r).unwrap_err();
        assert!(
            matches!(&err, Error::Config(m) if m.contains("0 parts for 1")),
            "{err}"
        );
    }
}
