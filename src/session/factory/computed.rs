//! The factories LibTorch computes: torch's window functions (`hann_window`,
//! `hamming_window`, `blackman_window`, `bartlett_window`, `kaiser_window`), `logspace`,
//! and the triangle indices `tril_indices`/`triu_indices`. Each is a [`Computed`] pattern:
//! LibTorch's own factory kernel makes the values (torch's values, bit for bit, in a dtype
//! LibTorch holds); a reference carrier takes them computed in float64 and converted.

use tch::{Kind, Tensor};

use super::{Factory, Pattern};
use crate::config::DType;
use crate::error::{Error, Result};

/// Which window function, with its parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Window {
    Hann,
    Hamming { alpha: f64, beta: f64 },
    Blackman,
    Bartlett,
    Kaiser { beta: f64 },
}

/// One factory LibTorch computes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Computed {
    Window {
        window: Window,
        periodic: bool,
    },
    Logspace {
        start: f64,
        end: f64,
        base: f64,
    },
    /// The `(2, k)` indices of a `row × col` matrix's lower (or `upper`) triangle,
    /// `offset` diagonals up.
    Triangle {
        row: i64,
        col: i64,
        offset: i64,
        upper: bool,
    },
}

impl Computed {
    /// The values in `kind` on `device`, as torch's factory makes them.
    pub fn torch(&self, len: i64, kind: Kind, device: tch::Device) -> Result<Tensor> {
        let o = (kind, device);
        Ok(match *self {
            Computed::Window { window, periodic } => match window {
                Window::Hann => Tensor::f_hann_window_periodic(len, periodic, o)?,
                Window::Hamming { alpha, beta } => {
                    Tensor::f_hamming_window_periodic_alpha_beta(len, periodic, alpha, beta, o)?
                }
                Window::Blackman => Tensor::f_blackman_window_periodic(len, periodic, o)?,
                Window::Bartlett => Tensor::f_bartlett_window_periodic(len, periodic, o)?,
                Window::Kaiser { beta } => Tensor::f_kaiser_window_beta(len, periodic, beta, o)?,
            },
            Computed::Logspace { start, end, base } => {
                Tensor::f_logspace(start, end, len, base, o)?
            }
            Computed::Triangle {
                row,
                col,
                offset,
                upper,
            } => match upper {
                true => Tensor::f_triu_indices(row, col, offset, o)?,
                false => Tensor::f_tril_indices(row, col, offset, o)?,
            },
        })
    }
}

/// The number of `(i, j)` with `0 <= i < row`, `0 <= j < col` and `j - i <= offset` (the
/// lower triangle; the upper's is its complement's count shifted by one).
fn lower_count(row: i64, col: i64, offset: i64) -> i64 {
    (0..row).map(|i| (i + offset + 1).clamp(0, col)).sum()
}

fn window(name: &str, window: Window, length: i64, periodic: Option<bool>) -> Result<Factory> {
    if length < 0 {
        return Err(Error::Argument(format!(
            "{name} requires non-negative window_length, got window_length={length}"
        )));
    }
    super::count(&[length])?;
    Ok(Factory {
        pattern: Pattern::Computed(Computed::Window {
            window,
            periodic: periodic.unwrap_or(true),
        }),
        shape: vec![length],
        natural: None,
    })
}

impl Factory {
    /// torch's `hann_window(window_length, periodic=True)`.
    pub fn hann_window(length: i64, periodic: Option<bool>) -> Result<Self> {
        window("hann_window", Window::Hann, length, periodic)
    }

    /// torch's `hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46)`.
    pub fn hamming_window(
        length: i64,
        periodic: Option<bool>,
        alpha: Option<f64>,
        beta: Option<f64>,
    ) -> Result<Self> {
        let w = Window::Hamming {
            alpha: alpha.unwrap_or(0.54),
            beta: beta.unwrap_or(0.46),
        };
        window("hamming_window", w, length, periodic)
    }

    /// torch's `blackman_window(window_length, periodic=True)`.
    pub fn blackman_window(length: i64, periodic: Option<bool>) -> Result<Self> {
        window("blackman_window", Window::Blackman, length, periodic)
    }

    /// torch's `bartlett_window(window_length, periodic=True)`.
    pub fn bartlett_window(length: i64, periodic: Option<bool>) -> Result<Self> {
        window("bartlett_window", Window::Bartlett, length, periodic)
    }

    /// torch's `kaiser_window(window_length, periodic=True, beta=12.0)`.
    pub fn kaiser_window(length: i64, periodic: Option<bool>, beta: Option<f64>) -> Result<Self> {
        let w = Window::Kaiser {
            beta: beta.unwrap_or(12.0),
        };
        window("kaiser_window", w, length, periodic)
    }

    /// torch's `logspace(start, end, steps, base=10.0)`: `base ** linspace(start, end,
    /// steps)`.
    pub fn logspace(start: f64, end: f64, steps: i64, base: Option<f64>) -> Result<Self> {
        if steps < 0 {
            return Err(Error::Argument(format!(
                "number of steps must be non-negative, got {steps}"
            )));
        }
        super::count(&[steps])?;
        Ok(Factory {
            pattern: Pattern::Computed(Computed::Logspace {
                start,
                end,
                base: base.unwrap_or(10.0),
            }),
            shape: vec![steps],
            natural: None,
        })
    }

    fn triangle(row: i64, col: i64, offset: Option<i64>, upper: bool) -> Result<Self> {
        let name = if upper {
            "triu_indices"
        } else {
            "tril_indices"
        };
        if row < 0 || col < 0 {
            return Err(Error::Argument(format!(
                "{name}: row and col must be non-negative, got row={row} and col={col}"
            )));
        }
        let offset = offset.unwrap_or(0);
        let k = match upper {
            false => lower_count(row, col, offset),
            true => row * col - lower_count(row, col, offset - 1),
        };
        super::count(&[2, k])?;
        Ok(Factory {
            pattern: Pattern::Computed(Computed::Triangle {
                row,
                col,
                offset,
                upper,
            }),
            shape: vec![2, k],
            natural: Some(DType::Int64),
        })
    }

    /// torch's `tril_indices(row, col, offset=0)`: int64 `(2, k)`.
    pub fn tril_indices(row: i64, col: i64, offset: Option<i64>) -> Result<Self> {
        Factory::triangle(row, col, offset, false)
    }

    /// torch's `triu_indices(row, col, offset=0)`: int64 `(2, k)`.
    pub fn triu_indices(row: i64, col: i64, offset: Option<i64>) -> Result<Self> {
        Factory::triangle(row, col, offset, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_triangle_counts_are_torchs() {
        for (row, col, offset) in [(3, 3, 0), (4, 3, -1), (3, 5, 2), (0, 4, 0), (2, 2, -5)] {
            for upper in [false, true] {
                let f = Factory::triangle(row, col, Some(offset), upper).unwrap();
                let made = Computed::Triangle {
                    row,
                    col,
                    offset,
                    upper,
                }
                .torch(0, Kind::Int64, tch::Device::Cpu)
                .unwrap();
                assert_eq!(made.size(), f.shape, "{row} {col} {offset} {upper}");
            }
        }
    }
}
