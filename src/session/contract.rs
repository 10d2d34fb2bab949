//! Contractions with torch's full semantics, recorded as the ops they are made of (as
//! torch's own composite `matmul` and `einsum` are): `matmul` (its composition is
//! `ops::products::matmul`), `bmm` (3-D only), and
//! `einsum(equation, operands)` (a subscript repeated within an operand taken along the
//! diagonal, each operand permuted into one label order, unsqueezed where it lacks a
//! label; two operands sharing a contracted label contract as one batched matrix product,
//! as torch's `sumproduct_pair`, and otherwise the operands are multiplied with
//! broadcasting and the contracted labels summed).
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
            self.truncate_tape(mark);
        }
        out
    }

    /// Drop the nodes recorded after `mark` (a tape length): the nodes of a call refused
    /// after it recorded (an in-place result torch cannot cast back, `ids *= 1.5`), which
    /// nothing names any more. A mark beyond the tape is a no-op.
    pub fn undo_to(&mut self, mark: usize) {
        if mark < self.tape.len() {
            self.truncate_tape(mark);
        }
    }

    /// `a @ b` with torch's rules (`ops::products::matmul`), all or nothing.
    pub fn matmul(&mut self, a: Handle, b: Handle) -> Result<Handle> {
        self.all_or_nothing(|s| crate::ops::products::matmul(s, a, b))
    }

    /// `einsum(equation, operands)`.
    pub fn einsum(
        &mut self,
        equation: impl AsRef<str>,
        operands: impl AsRef<[Handle]>,
    ) -> Result<Handle> {
        let (equation, operands) = (equation.as_ref(), operands.as_ref());
        if operands.is_empty() {
            return Err(Error::Argument(
                "einsum: at least one operand is needed".into(),
            ));
        }
        let shapes = operands
            .iter()
            .map(|&h| self.shape(h))
            .collect::<Result<Vec<_>>>()?;
        let plan = Equation::parse(equation, &shapes)?;
        self.all_or_nothing(|s| {
            let diagonal = operands
                .iter()
                .zip(&plan.inputs)
                .map(|(&h, labels)| s.diagonals(h, labels))
                .collect::<Result<Vec<_>>>()?;
            if let [(a, la), (b, lb)] = &diagonal[..] {
                if let Some(pair) = Pair::of(&plan, [la, lb], [&s.shape(*a)?, &s.shape(*b)?]) {
                    let a = s.aligned(*a, la, &plan.order)?;
                    let b = s.aligned(*b, lb, &plan.order)?;
                    return s.contract_pair(&pair, a, b);
                }
            }
            let mut product: Option<Handle> = None;
            for (h, labels) in &diagonal {
                let t = s.aligned(*h, labels, &plan.order)?;
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

    /// Two operands aligned to the equation's label order, contracted as one batched matrix
    /// product (torch's `sumproduct_pair`): `a` as `(B, L, K)`, `b` as `(B, K, R)`, their
    /// `bmm`, then the output's order. One product of the operands' sizes, not the
    /// broadcast product of all labels, and the matrix kernel autocast lowers, as torch's.
    fn contract_pair(&mut self, pair: &Pair, a: Handle, b: Handle) -> Result<Handle> {
        let idx = |set: &[usize]| set.iter().map(|&i| i as i64).collect::<Vec<i64>>();
        let cat = |parts: &[&[usize]]| parts.concat();
        let (bt, l, k, r) = (&pair.batch, &pair.left, &pair.contracted, &pair.right);
        let size = |set: &[usize]| set.iter().map(|&i| pair.sizes[i]).product::<i64>();
        let a = self.record(Op::permute(&idx(&cat(&[bt, l, k, r]))), &[a])?;
        let a = self.record(Op::reshape(&[size(bt), size(l), size(k)]), &[a])?;
        let b = self.record(Op::permute(&idx(&cat(&[bt, k, r, l]))), &[b])?;
        let b = self.record(Op::reshape(&[size(bt), size(k), size(r)]), &[b])?;
        let y = self.record(Op::matmul(), &[a, b])?;
        let kept = cat(&[bt, l, r]);
        let shape: Vec<i64> = kept.iter().map(|&i| pair.sizes[i]).collect();
        let y = self.record(Op::reshape(&shape), &[y])?;
        // `kept` holds the output labels (positions 0..n of the order) in another order.
        let mut perm: Vec<i64> = (0..kept.len() as i64).collect();
        perm.sort_by_key(|&j| kept[j as usize]);
        if perm.iter().enumerate().all(|(i, &p)| i as i64 == p) {
            return Ok(y);
        }
        self.record(Op::permute(&perm), &[y])
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

/// A two-operand einsum as one batched matrix product: the positions (in the equation's
/// label order) of the batch labels (in both operands and the output), the labels only the
/// left or only the right operand keeps, and the contracted ones (in both, not kept), with
/// each label's size.
struct Pair {
    batch: Vec<usize>,
    left: Vec<usize>,
    right: Vec<usize>,
    contracted: Vec<usize>,
    sizes: Vec<i64>,
}

impl Pair {
    /// The split of `plan` for operands labelled `labels` (after their diagonals) of these
    /// shapes; `None` where the product is not one `bmm`: nothing contracted (an outer
    /// product), a label one operand sums alone, or sizes that broadcast.
    fn of(plan: &Equation, labels: [&[char]; 2], shapes: [&[i64]; 2]) -> Option<Pair> {
        let kept = plan.output.len();
        let mut pair = Pair {
            batch: Vec::new(),
            left: Vec::new(),
            right: Vec::new(),
            contracted: Vec::new(),
            sizes: Vec::new(),
        };
        for (i, c) in plan.order.iter().enumerate() {
            let at = |k: usize| labels[k].iter().position(|d| d == c).map(|j| shapes[k][j]);
            let (sa, sb) = (at(0), at(1));
            let out = i < kept;
            match (sa, sb, out) {
                (Some(x), Some(y), _) if x != y => return None,
                (Some(x), Some(_), true) => {
                    pair.batch.push(i);
                    pair.sizes.push(x);
                }
                (Some(x), Some(_), false) => {
                    pair.contracted.push(i);
                    pair.sizes.push(x);
                }
                (Some(x), None, true) => {
                    pair.left.push(i);
                    pair.sizes.push(x);
                }
                (None, Some(y), true) => {
                    pair.right.push(i);
                    pair.sizes.push(y);
                }
                _ => return None,
            }
        }
        (!pair.contracted.is_empty()).then_some(pair)
    }
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
        let mut widths = Vec::with_capacity(shapes.len()); // bounded: one per operand
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

#[cfg(test)]
mod tests {
    use crate::error::Error;
    use crate::ops::testing::{dt, session, values};

    #[test]
    fn an_einsum_of_no_operands_is_an_argument_error_and_records_nothing() {
        // torch.einsum("i") raises too (at least one operand)
        let mut s = session();
        let before = s.tape_len();
        let err = s.einsum("i", [] as [crate::tape::Handle; 0]).unwrap_err();
        assert!(
            matches!(&err, Error::Argument(m) if m.contains("at least one")),
            "{err}"
        );
        assert_eq!(s.tape_len(), before);
        let x = s.input(&dt(&values(&[1.0, 2.0], &[2])), false).unwrap();
        assert!(s.einsum("i,i", [x]).is_err(), "two terms, one operand");
    }
}
