//! The layer descriptor: an op LibTorch computes with its own forward and dedicated backward
//! kernels (convolutions, poolings, norms, fused attention). The units live in `ops/`
//! (`layers.rs`, `conv.rs`, `batch_norm.rs`, `attention.rs`); their one rule is `Layered`.

use tch::Tensor;

use super::Arity;
use crate::error::Result;

/// One layer, on LibTorch tensors.
pub trait Layer: Send + Sync {
    /// The op's name (torch's).
    fn name(&self) -> &'static str;
    fn arity(&self) -> Arity;
    /// Whether operand `i` is data (int64 ids) rather than a value with a gradient.
    fn is_data(&self, _i: usize) -> bool {
        false
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>>;
    /// Whether the backward reads the op's output: then the node's value is passed as the
    /// last entry of the workspace (it is not kept twice).
    fn keeps_output(&self) -> bool {
        false
    }
    /// Whether a 16-bit input takes float32 parameters (torch's mixed-type CPU norms:
    /// `batch_norm`, `layer_norm`); the output has the input's dtype.
    fn mixed_params(&self) -> bool {
        false
    }
    /// The torch op whose autocast policy applies (`crate::autocast::policy`): the op's
    /// name, unless the layer runs another torch op (the LSTM's oneDNN layer).
    fn autocast_name(&self) -> &'static str {
        self.name()
    }
    /// This layer's configuration again, for the replay of a captured step
    /// (`crate::session::capture`); `None` (the default): not replayed yet.
    fn replica(&self) -> Option<Box<dyn Layer>> {
        None
    }
    /// The output, and the workspace its backward needs beyond the operands (pooling's
    /// argmax indices, layer norm's mean and rstd), owned by the node.
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)>;
    /// The cotangents of the operands `needs` asks for (one call: LibTorch's backward
    /// kernels compute them together); never of a data operand.
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>>;
}
