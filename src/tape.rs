//! The tape: the nodes recorded in one generation of a session, in recording order (so a
//! node's parents always have smaller ids), and the handles that name them.

use std::sync::Arc;

use crate::backend::Backend;
use crate::buffer::Value;
pub use crate::handles::Handle;
use crate::handles::{held, NameSlot};
use crate::ledger;
use crate::ops::Op;
use crate::pool::{Pool, Slot};

/// A node's parent ids, any number of them: up to [`Parents::INLINE`] stored inline (so
/// that recording and freeing the usual node allocates and frees nothing for them), more
/// (`cat`, `stack` of many tensors) in one boxed slice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parents {
    Inline {
        ids: [usize; Parents::INLINE],
        len: u8,
    },
    Many(Box<[usize]>),
}

impl Parents {
    /// How many parent ids are held without an allocation.
    pub const INLINE: usize = 3;

    /// A leaf's (none).
    pub fn none() -> Parents {
        Parents::Inline {
            ids: [0; Parents::INLINE],
            len: 0,
        }
    }

    /// The parent ids of `handles`.
    pub fn of(handles: &[Handle]) -> Parents {
        if handles.len() > Self::INLINE {
            return Parents::Many(handles.iter().map(|h| h.node).collect());
        }
        let mut ids = [0; Parents::INLINE];
        for (slot, h) in ids.iter_mut().zip(handles) {
            *slot = h.node;
        }
        Parents::Inline {
            ids,
            len: handles.len() as u8,
        }
    }
}

impl std::ops::Deref for Parents {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        match self {
            Parents::Inline { ids, len } => &ids[..*len as usize],
            Parents::Many(ids) => ids,
        }
    }
}

pub struct Node<B: Backend> {
    /// The op and its backward workspace (freed with the node).
    pub op: Op<B>,
    /// Ids of the parent nodes, all smaller than this node's id.
    pub parents: Parents,
    /// The node's value. Owned by the tape for intermediates and inputs (ledger `tape`);
    /// borrowed for parameter leaves (the parameter's snapshot `Arc`) and views (which keep
    /// their base alive).
    pub value: Value<B>,
    /// Whether a gradient flows into this node.
    pub requires_grad: bool,
    /// Whether the value is data (int64, int32, bool): never differentiated, and only ops
    /// that take data ([`crate::ops::Rule::accepts_data`]) accept it.
    pub data: bool,
    /// For an op's fresh output that the session's pool may keep at reset: its shape's slot.
    pub pool_slot: Option<Slot>,
    /// Whether a backward reads this value: its own ([`crate::ops::Rule::saves_output`])
    /// or that of a node recorded after it ([`crate::ops::Rule::saves_operand`]). Then it
    /// stays until the reset even when no Python handle names it any more
    /// ([`crate::session::Session::release_value`]).
    pub needed: bool,
    /// The slot the Python `Tensor`s naming this node share (see [`crate::handles`]):
    /// `None` until one names it; the node is held while another reference exists.
    pub name: Option<Arc<NameSlot>>,
    /// Slots moved here by an in-place method (`x.add_(1)`: the `Tensor`s naming `x` name
    /// this node now, beside the slot of the out-of-place result): usually none.
    pub aliases: Aliases,
    /// Whether a backward without `retain_graph` ran through this node (an op node, never
    /// a leaf): its backward may not run again, and it keeps its parents no longer
    /// ([`crate::session::Session::compact`]).
    pub closed: bool,
    /// Whether a checkpointed block released this op node's value when it ended
    /// ([`crate::session::Session::checkpoint_end`]): the value is a placeholder, and a
    /// backward that reads it recomputes it from the parents first (`Rule::forward`),
    /// keeping the result only until the sweep has passed the node.
    pub recompute: bool,
    /// The `et.nn` module call that recorded this node (its path, e.g.
    /// `"Net.encoder.0"`): the tape's innermost scope when the node was pushed
    /// ([`Tape::enter_scope`]); `None` outside any module. Read by `tape_profile`.
    pub scope: Option<ScopePath>,
    /// torch's `retain_grad()` of an op's result: the next backward through this node
    /// stores its cotangent as the tensor's `.grad` (as it does for an input leaf's).
    pub retains_grad: bool,
}

/// An `et.nn` module call's path (`"Net.encoder.0"`), shared by the nodes it recorded: one
/// pointer in each node (an `Arc<str>` would be two).
pub type ScopePath = Arc<String>;

/// A node's [`Node::aliases`]: one pointer, null while there are none (nearly always), so
/// the node stays small ([`Tape::clear`] walks every node).
#[derive(Default)]
#[allow(clippy::box_collection)] // one pointer, not a `Vec`'s three: the point of the type
pub struct Aliases(Option<Box<Vec<Arc<NameSlot>>>>);

impl Aliases {
    pub fn iter(&self) -> std::slice::Iter<'_, Arc<NameSlot>> {
        self.0.as_deref().map_or([].iter(), |v| v.iter())
    }
    pub fn is_empty(&self) -> bool {
        self.0.as_ref().is_none_or(|v| v.is_empty())
    }
    pub fn first(&self) -> Option<&Arc<NameSlot>> {
        self.iter().next()
    }
    pub fn push(&mut self, slot: Arc<NameSlot>) {
        self.0.get_or_insert_with(Box::default).push(slot);
    }
    /// Every slot, leaving none.
    pub fn take(&mut self) -> Vec<Arc<NameSlot>> {
        self.0.take().map_or_else(Vec::new, |v| *v)
    }
    pub fn extend(&mut self, slots: Vec<Arc<NameSlot>>) {
        if !slots.is_empty() {
            self.0.get_or_insert_with(Box::default).extend(slots);
        }
    }
}

impl<'a> IntoIterator for &'a Aliases {
    type Item = &'a Arc<NameSlot>;
    type IntoIter = std::slice::Iter<'a, Arc<NameSlot>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<B: Backend> Node<B> {
    /// A leaf (an input, a parameter's snapshot, an extra output) holding `value`.
    pub fn leaf(op: Op<B>, value: Value<B>, requires_grad: bool, data: bool) -> Node<B> {
        Node {
            op,
            parents: Parents::none(),
            value,
            requires_grad,
            data,
            pool_slot: None,
            needed: false,
            name: None,
            aliases: Aliases::default(),
            closed: false,
            recompute: false,
            scope: None,
            retains_grad: false,
        }
    }

    /// Whether a Python `Tensor` names this node now (see [`crate::handles`]).
    pub fn held(&self) -> bool {
        held(&self.name) || self.aliases.iter().any(|s| Arc::strong_count(s) > 1)
    }

    /// Whether a Python `Tensor` ever named this node.
    pub fn named(&self) -> bool {
        self.name.is_some() || !self.aliases.is_empty()
    }

    /// Move every name of this node to node `id` of `generation`.
    pub fn move_names(&self, generation: u64, id: usize) {
        for slot in self.name.iter().chain(&self.aliases) {
            slot.set(generation, id);
        }
    }
}

pub struct Tape<B: Backend> {
    nodes: Vec<Node<B>>,
    /// Scratch for [`Tape::clear`]: the parameter leaves, dropped last. Empty between calls.
    leaves: Vec<Node<B>>,
    /// Name slots of freed nodes that no Python `Tensor` shares any more, kept for the next
    /// nodes Python names (so naming and freeing a node allocates and frees nothing for its
    /// slot); at most [`SPARE_NAMES`].
    spare_names: Vec<Arc<NameSlot>>,
    /// The module calls open now, innermost last (each a path, shared by the nodes it
    /// stamps): pushed and popped by `et.nn.Module.__call__` around `forward`. Not tape
    /// state: a reset keeps it (the calls are still open).
    scopes: Vec<ScopePath>,
}

/// How many unused name slots a tape keeps.
pub const SPARE_NAMES: usize = 1 << 16;

impl<B: Backend> Default for Tape<B> {
    fn default() -> Self {
        Tape {
            nodes: Vec::new(),
            leaves: Vec::new(),
            spare_names: Vec::new(),
            scopes: Vec::new(),
        }
    }
}

impl<B: Backend> Tape<B> {
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Append `node`, stamped with the innermost open scope.
    pub fn push(&mut self, mut node: Node<B>) -> usize {
        if let Some(scope) = self.scopes.last() {
            node.scope = Some(Arc::clone(scope));
        }
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// Open a module call's scope: the nodes pushed until [`Tape::exit_scope`] (and not
    /// in a scope opened inside it) carry `path`.
    pub fn enter_scope(&mut self, path: ScopePath) {
        self.scopes.push(path);
    }

    /// Close the innermost scope (none open: nothing).
    pub fn exit_scope(&mut self) {
        self.scopes.pop();
    }

    pub fn node(&self, id: usize) -> &Node<B> {
        &self.nodes[id]
    }

    pub fn node_mut(&mut self, id: usize) -> &mut Node<B> {
        &mut self.nodes[id]
    }

    /// All nodes, in recording order.
    pub fn nodes(&self) -> &[Node<B>] {
        &self.nodes
    }

    /// Drop the nodes from `len` on, newest first (a call that failed after pushing its
    /// constant operands as leaves takes them off again).
    pub(crate) fn truncate(&mut self, len: usize) {
        while self.nodes.len() > len {
            self.nodes.pop();
        }
    }

    /// Take every node off the tape (the caller frees them in its own order).
    pub(crate) fn take_nodes(&mut self) -> Vec<Node<B>> {
        std::mem::take(&mut self.nodes)
    }

    /// Keep `slot` for reuse if nothing else holds it (see `spare_names`).
    pub(crate) fn recycle_name(&mut self, slot: Option<Arc<NameSlot>>) {
        if let Some(slot) = slot {
            if Arc::strong_count(&slot) == 1 && self.spare_names.len() < SPARE_NAMES {
                self.spare_names.push(slot);
            }
        }
    }

    /// A name slot for node `h` (a kept one, reset to `h`, or a new one).
    pub(crate) fn new_name(&mut self, h: Handle) -> Arc<NameSlot> {
        match self.spare_names.pop() {
            Some(slot) => {
                slot.set(h.generation, h.node);
                slot
            }
            None => NameSlot::new(h),
        }
    }

    /// Put back nodes taken by [`Tape::take_nodes`] (renumbered by the caller).
    pub(crate) fn set_nodes(&mut self, nodes: Vec<Node<B>>) {
        self.nodes = nodes;
    }

    /// Drop every node, newest first, then the parameter leaves, whose snapshots are freed
    /// here only if this tape was their last holder. Newest first means a view goes before
    /// its base, so an intermediate is released as soon as its node goes. With a `pool`,
    /// the intermediates it may keep go there (after it frees what the previous reset kept
    /// and nobody reused); the rest are freed. The ledger is settled once for the whole
    /// tape, and both vectors keep their capacity for the next generation (bookkeeping
    /// only: they hold no buffer once empty).
    pub fn clear(&mut self, mut pool: Option<&mut Pool<B>>) {
        ledger::batched(|| {
            if let Some(pool) = pool.as_deref_mut() {
                pool.retire();
            }
            while let Some(mut node) = self.nodes.pop() {
                // The loop's cost is a cache miss per node on its value's header and on
                // its name slot's (the reference counts, each its own allocation): ask for
                // a later node's headers now, so that the misses of several nodes overlap
                // instead of following one another.
                if let Some(ahead) = self.nodes.len().checked_sub(PREFETCH_AHEAD) {
                    let later = &self.nodes[ahead];
                    prefetch(Arc::as_ptr(&later.value));
                    if let Some(slot) = &later.name {
                        prefetch(Arc::as_ptr(slot));
                    }
                }
                self.recycle_name(node.name.take());
                if let Op::Param(_) = node.op {
                    self.leaves.push(node);
                    continue;
                }
                let Node {
                    op,
                    value,
                    pool_slot,
                    ..
                } = node;
                drop(op); // its workspace
                match (pool.as_deref_mut(), pool_slot) {
                    (Some(pool), Some(slot)) => pool.keep(value, slot),
                    _ => drop(value),
                }
            }
            self.leaves.clear();
        });
    }
}

/// How many nodes ahead [`Tape::clear`] prefetches.
const PREFETCH_AHEAD: usize = 16;

/// Hint the CPU to load the cache lines at `p` (a value's header and what follows).
#[inline(always)]
fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let p = p.cast::<i8>();
        // SAFETY: a prefetch is only a hint: it never faults and reads nothing into the
        // program, whatever the address; `wrapping_sub` keeps the arithmetic defined.
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(p.wrapping_sub(16));
            _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(48));
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

impl<B: Backend> Drop for Tape<B> {
    fn drop(&mut self) {
        self.clear(None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn handles(n: usize) -> Vec<Handle> {
        (0..n)
            .map(|node| Handle {
                session: 1,
                generation: 0,
                node: node * 10,
            })
            .collect()
    }

    #[test]
    fn parents_hold_any_number_of_ids_inline_up_to_three() {
        assert!(Parents::none().is_empty());
        let three = Parents::of(&handles(3));
        assert!(matches!(three, Parents::Inline { .. }));
        assert_eq!(&*three, &[0, 10, 20]);
        let seven = Parents::of(&handles(7));
        assert!(matches!(seven, Parents::Many(_)));
        assert_eq!(&*seven, &[0, 10, 20, 30, 40, 50, 60]);
    }
}
