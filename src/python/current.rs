//! The current session of each thread, read by the torch-style entry points: a Parameter
//! given to an op, `model(x)`, the module-level factories, `loss.backward()`'s gradient
//! store, `opt.step()`, `zero_grad()`: the innermost session entered (`with sess:`), else
//! the thread's default session.
//!
//! Ownership: a stack per thread of the sessions entered and not yet left, each a strong
//! reference to the Python `Session` (so a session stays alive while it is current);
//! `__exit__` pops it. Nesting restores the outer one. The default session (torch has no
//! session: a script without a `with` block runs in it) is made on the thread's first call
//! that needs a session while none is entered ([`Session::new_default`]) and is held here,
//! and only here, until the thread ends: its tensors hold it weakly, as every tensor does.

use std::cell::RefCell;
use std::sync::Arc;

use pyo3::prelude::*;

use super::classes::PySession;
use super::classes::{lock, SessionCell};
use crate::backend::dynamic::Dyn as Be;
use crate::error::Result;
use crate::param::Parameter;
use crate::session::Session;
use crate::tape::Handle;

thread_local! {
    static STACK: RefCell<Vec<(Py<PySession>, Arc<SessionCell>)>> = const { RefCell::new(Vec::new()) };
    /// The default session and the count of `set_default_dtype` changes it was made at.
    static DEFAULT: RefCell<Option<(Arc<SessionCell>, u64)>> = const { RefCell::new(None) };
}

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

/// The innermost session entered on this thread (`with sess:`), if any.
pub fn entered() -> Option<Arc<SessionCell>> {
    STACK.with(|s| s.borrow().last().map(|(_, c)| Arc::clone(c)))
}

/// This thread's default session, if it was made since the default dtype last changed (an
/// older one is replaced, and freed, on the next use).
fn made_default() -> Option<Arc<SessionCell>> {
    let changes = crate::config::default_dtype().1;
    DEFAULT.with(|d| {
        d.borrow()
            .clone()
            .filter(|(_, at)| *at == changes)
            .map(|(c, _)| c)
    })
}

/// Free this thread's default session now if the default dtype changed since it was made
/// (other threads replace theirs on their next use).
pub fn forget_outdated_default() {
    if made_default().is_none() {
        DEFAULT.with(|d| d.borrow_mut().take());
    }
}

/// This thread's default session, made now if this is its first use.
fn default_cell() -> Result<Arc<SessionCell>> {
    if let Some(c) = made_default() {
        return Ok(c);
    }
    let changes = crate::config::default_dtype().1;
    let s = crate::guard::contained("the default session", Session::new_default)?;
    let cell = SessionCell::registered(s, true);
    DEFAULT.with(|d| *d.borrow_mut() = Some((Arc::clone(&cell), changes)));
    Ok(cell)
}

/// `et.manual_seed` for this thread's default session (if made): its generator starts again
/// at [`crate::rng::default_session_seed`], so the draws after a `manual_seed` repeat, as
/// torch's do.
pub fn reseed_default() {
    if let Some(cell) = made_default() {
        let state = crate::rng::RngState::new(crate::rng::default_session_seed());
        lock(&cell).set_rng_state(state);
    }
}

/// The position of this thread's default session's generator: its own if made, else the
/// one it would start at.
pub fn default_rng_state() -> crate::rng::RngState {
    match made_default() {
        Some(cell) => lock(&cell).rng_state(),
        None => crate::rng::RngState::new(crate::rng::default_session_seed()),
    }
}

/// Move this thread's default session's generator (if made) to `state`.
pub fn set_default_rng_state(state: crate::rng::RngState) {
    if let Some(cell) = made_default() {
        lock(&cell).set_rng_state(state);
    }
}

/// `_collect_default_session()`: compact this thread's default session (if it was made)
/// and free its cache ([`Session::collect`]); the test suite's leak check asks for it before
/// it compares the ledger, since that session outlives every test.
#[pyfunction]
pub fn _collect_default_session(py: Python<'_>) -> PyResult<()> {
    let Some(cell) = made_default() else {
        return Ok(());
    };
    py.detach(|| {
        crate::guard::contained("collect", || {
            lock(&cell).collect();
            Ok(())
        })
    })?;
    Ok(())
}

/// The current session's cell: the innermost entered, else this thread's default session.
pub fn cell() -> Result<Arc<SessionCell>> {
    match entered() {
        Some(c) => Ok(c),
        None => default_cell(),
    }
}

/// The current session (the Python object: the entered one, or a view of the default).
pub fn session(py: Python<'_>) -> PyResult<Py<PySession>> {
    if let Some(p) = STACK.with(|s| s.borrow().last().map(|(p, _)| p.clone_ref(py))) {
        return Ok(p);
    }
    Py::new(py, PySession::of_cell(&default_cell()?))
}

/// The handle a Parameter given to an op reads in the current session: its implicit leaf
/// (`Session::use_param_implicit`), or why it cannot be read there.
pub fn param_leaf(p: &Arc<Parameter<Be>>) -> Result<Handle> {
    let cell = cell()?;
    let mut s = lock(&cell);
    s.use_param_implicit(p)
}
