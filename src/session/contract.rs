//! Contractions with torch's full semantics, recorded as the ops they are made of (as
//! torch's own composite `matmul` and `einsum` are): `matmul` of 1-D operands (a vector is
//! unsqueezed to a matrix and the added dim squeezed away after), `bmm` (3-D only), and
//! `einsum(equation, operands)` (a subscript repeated within an operand taken along the
//! diagonal, each operand permuted into one label order, unsqueezed where it lacks a
//! label, multiplied with broadcasting, the contracted labels summed).
//! Every gradient is the composition's, through each op's own rule. A rejected call
//! records nothing.

use super::Session;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::ops::binary::BinaryOp;
use crate::ops::view::ShapeView;
use crate::ops::Op;
use crate::tape::Handle;

impl<B: Backend> Session<B> {
    /// Run `f`, taking everything it recorded off the tape again if it fails.
    pub(crate) fn all_or_nothing<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let mark = self.tape.len();
        let out = f(self);
        if out.is_err() {
            self.tape.truncate(mark);
        }
        out
    }

    /// `a @ b` with torch's rules: 1-D operands are vectors (the result loses their dim),
    /// batch dims broadcast.
    pub fn matmul(&mut self, a: Handle, b: Handle) -> Result<Handle> {
        let (sa, sb) = (self.shape(a)?, self.shape(b)?);
        if sa.is_empty() || sb.is_empty() {
            return Err(Error::Shape(format!(
                "matmul: both arguments need at least 1 dimension, got shapes {sa:?} and {sb:?}"
            )));
        }
        if sa.len() >= 2 && sb.len() >= 2 {
            return self.record(Op::matmul(), &[a, b]);
        }
        self.all_or_nothing(|s| {
            let unsqueeze = |d| Op::shape_view(ShapeView::Unsqueeze(d));
            let squeeze = |d: i64| Op::shape_view(ShapeView::Squeeze(Some(Box::new([d]))));
            let a2 = if sa.len() == 1 {
                s.record(unsqueeze(0), &[a])?
            } else {
                a
            };
            let b2 = if sb.len() == 1 {
                s.record(unsqueeze(-1), &[b])?
            } else {
                b
            };
            let mut y = s.record(Op::matmul(), &[a2, b2])?;
            if sb.len() == 1 {
                y = s.record(squeeze(-1), &[y])?;
            }
            if sa.len() == 1 {
                // The row dim: last if the column dim is already gone.
                let d = if sb.len() == 1 { -1 } else { -2 };
                y = s.record(squeeze(d), &[y])?;
            }
            Ok(y)
        })
    }

    /// `bmm(a, b)`: two 3-D tensors with the same batch size.
    pub fn bmm(&mut self, a: Handle, b: Handle) -> Result<Handle> {
        let (sa, sb) = (self.shape(a)?, self.shape(b)?);
        if sa.len() != 3 || sb.len() != 3 || sa[0] != sb[0] {
            return Err(Error::Shape(format!(
                "bmm: expected two 3-D tensors with the same batch size, got shapes {sa:?} and {sb:?}"
            )));
        }
        self.record(Op::matmul(), &[a, b])
    }

    /// `einsum(equation, operands)`.
    pub fn einsum(&mut self, equation: &str, operands: &[Handle]) -> Result<Handle> {
        let shapes = operands
            .iter()
            .map(|&h| self.shape(h))
            .collect::<Result<Vec<_>>>()?;
        let plan = Equation::parse(equation, &shapes)?;
        self.all_or_nothing(|s| {
            let mut product: Option<Handle> = None;
            for (&h, labels) in operands.iter().zip(&plan.inputs) {
                let (h, labels) = s.diagonals(h, labels)?;
                let t = s.aligned(h, &labels, &plan.order)?;
                product = Some(match product {
                    None => t,
                    Some(p) => s.record(BinaryOp::Mul.op(), &[p, t])?,
                });
            }
            let product = product
                .ok_or_else(|| Error::Argument("einsum: at least one operand is needed".into()))?;
            let kept = plan.output.len();
            if plan.order.len() == kept {
                return Ok(product);
            }
            let contracted: Vec<i64> = (kept as i64..plan.order.len() as i64).collect();
            s.record(Op::sum(&contracted, false), &[product])
        })
    }

    /// `h` with each repeated subscript taken along its diagonal (torch's `ii->i`): the
    /// pair of dims becomes one last dim with that label.
    fn diagonals(&mut self, h: Handle, labels: &[char]) -> Result<(Handle, Vec<char>)> {
        let mut labels = labels.to_vec();
        let mut t = h;
        while let Some((a, b)) = (0..labels.len()).find_map(|i| {
            (i + 1..labels.len())
                .find(|&j| labels[j] == labels[i])
                .map(|j| (i, j))
        }) {
            let d = crate::ops::arrange::Diagonal(a, b, 0);
            t = self.record(Op::movement(d), &[t])?;
            let c = labels[a];
            labels.remove(b);
            labels.remove(a);
            labels.push(c);
        }
        Ok((t, labels))
    }

    /// `h` (with these labels) permuted into `order`, with a size-1 dim for each label of
    /// `order` it lacks.
    fn aligned(&mut self, h: Handle, labels: &[char], order: &[char]) -> Result<Handle> {
        let position = |c: &char| order.iter().position(|o| o == c).unwrap_or(usize::MAX);
        let mut perm: Vec<usize> = (0..labels.len()).collect();
        perm.sort_by_key(|&i| position(&labels[i]));
        let mut t = h;
        if perm.iter().enumerate().any(|(i, &p)| i != p) {
            let dims: Vec<i64> = perm.iter().map(|&p| p as i64).collect();
            t = self.record(Op::permute(&dims), &[t])?;
        }
        for (i, c) in order.iter().enumerate() {
            if !labels.contains(c) {
                t = self.record(Op::shape_view(ShapeView::Unsqueeze(i as i64)), &[t])?;
            }
        }
        Ok(t)
    }
}

/// A parsed einsum equation: each operand's labels (an ellipsis expanded to placeholder
/// labels, right-aligned across operands), the output's labels, and the order of every
/// label (the output's first, then the contracted ones).
struct Equation {
    inputs: Vec<Vec<char>>,
    output: Vec<char>,
    order: Vec<char>,
}

/// Placeholder labels for ellipsis dims (never a letter of an equation).
fn ellipsis_label(i: usize) -> char {
    char::from_u32(0xE000 + i as u32).unwrap_or('\u{E000}')
}

fn parse_error(equation: &str, why: &str) -> Error {
    Error::Argument(format!("einsum: cannot parse {equation:?}: {why}"))
}

/// The labels of one term, `None` standing for the ellipsis.
fn term(equation: &str, t: &str) -> Result<Vec<Option<char>>> {
    let mut out = Vec::new();
    let mut rest = t;
    let mut seen_ellipsis = false;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("...") {
            if seen_ellipsis {
                return Err(parse_error(equation, "more than one ... in a term"));
            }
            seen_ellipsis = true;
            out.push(None);
            rest = &rest[3..];
            continue;
        }
        if !c.is_ascii_alphabetic() {
            return Err(parse_error(
                equation,
                &format!("{c:?} is not a letter (subscripts are a-z, A-Z)"),
            ));
        }
        out.push(Some(c));
        rest = &rest[c.len_utf8()..];
    }
    Ok(out)
}

impl Equation {
    fn parse(equation: &str, shapes: &[Vec<i64>]) -> Result<Equation> {
        let eq: String = equation.chars().filter(|c| !c.is_whitespace()).collect();
        let (lhs, rhs) = match eq.split_once("->") {
            Some((l, r)) => (l, Some(r)),
            None => (eq.as_str(), None),
        };
        let terms: Vec<&str> = lhs.split(',').collect();
        if terms.len() != shapes.len() {
            return Err(parse_error(
                equation,
                &format!("{} terms for {} operands", terms.len(), shapes.len()),
            ));
        }
        let parsed = terms
            .iter()
            .map(|t| term(equation, t))
            .collect::<Result<Vec<_>>>()?;
        // Each operand's ellipsis covers the dims its letters leave.
        let mut widths = Vec::with_capacity(shapes.len());
        for (labels, shape) in parsed.iter().zip(shapes) {
            let letters = labels.iter().filter(|l| l.is_some()).count();
            let has_ellipsis = labels.len() != letters;
            let fits = if has_ellipsis {
                shape.len() >= letters
            } else {
                shape.len() == letters
            };
            if !fits {
                return Err(Error::Shape(format!(
                    "einsum: the term {:?} does not fit an operand of shape {shape:?}",
                    labels
                        .iter()
                        .map(|l| l.map_or("...".to_string(), String::from))
                        .collect::<String>()
                )));
            }
            widths.push(shape.len() - letters);
        }
        let width = widths.iter().copied().max().unwrap_or(0);
        let expand = |labels: &[Option<char>], w: usize| -> Vec<char> {
            let mut out = Vec::new();
            for l in labels {
                match l {
                    Some(c) => out.push(*c),
                    None => out.extend((width - w..width).map(ellipsis_label)),
                }
            }
            out
        };
        let inputs: Vec<Vec<char>> = parsed
            .iter()
            .zip(&widths)
            .map(|(l, &w)| expand(l, w))
            .collect();
        let output: Vec<char> = match rhs {
            Some(r) => {
                let labels = term(equation, r)?;
                let out = expand(&labels, width);
                for (i, c) in out.iter().enumerate() {
                    if out[..i].contains(c) {
                        return Err(parse_error(
                            equation,
                            &format!("{c:?} repeats in the output"),
                        ));
                    }
                    if !inputs.iter().any(|l| l.contains(c)) {
                        return Err(parse_error(
                            equation,
                            &format!("the output subscript {c:?} is in no operand"),
                        ));
                    }
                }
                out
            }
            None => {
                // Implicit: the ellipsis dims, then the letters used once, in order.
                let mut out: Vec<char> = (0..width).map(ellipsis_label).collect();
                let mut once: Vec<char> = inputs
                    .iter()
                    .flatten()
                    .copied()
                    .filter(|c| c.is_ascii_alphabetic())
                    .filter(|c| inputs.iter().flatten().filter(|d| *d == c).count() == 1)
                    .collect();
                once.sort_unstable();
                out.extend(once);
                out
            }
        };
        let mut order = output.clone();
        for c in inputs.iter().flatten() {
            if !order.contains(c) {
                order.push(*c);
            }
        }
        // A subscript repeated within one operand takes a diagonal: equal sizes.
        for (labels, shape) in inputs.iter().zip(shapes) {
            for (i, c) in labels.iter().enumerate() {
                if let Some(j) = (i + 1..labels.len()).find(|&j| labels[j] == *c) {
                    if shape[i] != shape[j] {
                        return Err(Error::Shape(format!(
                            "einsum: the subscript {c} is repeated in one operand with sizes {} and {}",
                            shape[i], shape[j]
                        )));
                    }
                }
            }
        }
        // Sizes of one label must agree (1 broadcasts, as torch).
        for c in &order {
            let mut size = 1;
            for (labels, shape) in inputs.iter().zip(shapes) {
                if let Some(i) = labels.iter().position(|d| d == c) {
                    let n = shape[i];
                    if n != 1 && size != 1 && n != size {
                        return Err(Error::Shape(format!(
                            "einsum: the subscript {} has sizes {size} and {n}",
                            if c.is_ascii_alphabetic() {
                                c.to_string()
                            } else {
                                "...".into()
                            }
                        )));
                    }
                    if n != 1 {
                        size = n;
                    }
                }
            }
        }
        Ok(Equation {
            inputs,
            output,
            order,
        })
    }
}
