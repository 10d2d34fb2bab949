//! The current session of each thread (`with sess:`), read by the torch-style entry points:
//! a Parameter given to an op, `model(x)`, the module-level factories, `loss.backward()`'s
//! gradient store, `opt.step()`, `zero_grad()`.
//!
//! Ownership: a stack per thread of the sessions entered and not yet left, each a strong
//! reference to the Python `Session` (so a session stays alive while it is current);
//! `__exit__` pops it. Nesting restores the outer one.

use std::cell::RefCell;
use std::sync::Arc;

use pyo3::prelude::*;

use super::classes::PySession;
use super::classes::{lock, SessionCell};
use crate::backend::dynamic::Dyn as Be;
use crate::error::{Error, Result};
use crate::param::Parameter;
use crate::tape::Handle;

thread_local! {
    static STACK: RefCell<Vec<(Py<PySession>, Arc<SessionCell>)>> = const { RefCell::new(Vec::new()) };
}

/// What to do when there is no current session.
pub const ENTER_HINT: &str = "enter a session first: `with et.Session(dtype=...) as sess:` (or \
     pass the session explicitly: module(sess, x), sess.use(p), sess.input(data))";

pub fn push(sess: Py<PySession>, cell: Arc<SessionCell>) {
    STACK.with(|s| s.borrow_mut().push((sess, cell)));
}

/// Leave the innermost `with` of `cell` (the innermost entry, normally the top).
pub fn pop(cell: &Arc<SessionCell>) -> Option<Py<PySession>> {
    STACK.with(|s| {
        let mut s = s.borrow_mut();
        let i = s.iter().rposition(|(_, c)| Arc::ptr_eq(c, cell))?;
        Some(s.remove(i).0)
    })
}

/// The current session's cell.
pub fn cell() -> Option<Arc<SessionCell>> {
    STACK.with(|s| s.borrow().last().map(|(_, c)| Arc::clone(c)))
}

/// The current session (the Python object).
pub fn session(py: Python<'_>) -> Option<Py<PySession>> {
    STACK.with(|s| s.borrow().last().map(|(p, _)| p.clone_ref(py)))
}

/// The error for `what` called with no current session.
pub fn no_session(what: &str) -> Error {
    Error::NoSession(format!("{what} needs a current session: {ENTER_HINT}"))
}

/// The current session's cell, or the error saying to enter one.
pub fn require(what: &str) -> Result<Arc<SessionCell>> {
    cell().ok_or_else(|| no_session(what))
}

/// The handle a Parameter given to an op reads in the current session: its implicit leaf
/// (`Session::use_param_implicit`), or why it cannot be read there.
pub fn param_leaf(p: &Arc<Parameter<Be>>) -> Result<Handle> {
    let cell = require(&format!("using parameter {} in an op", p.label()))?;
    let mut s = lock(&cell);
    s.use_param_implicit(p)
}
