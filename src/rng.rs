//! The session's counter-based random-number generator.
//!
//! A draw is a pure function of `(seed, counter)`: element `i` of a draw made at counter `c`
//! hashes `(seed, c + i)` (SplitMix64's finaliser, applied twice with the seed folded in),
//! so the same seed gives the same draws on every run, and saving `(seed, counter)` saves
//! the whole generator. `reset_tape` does not touch it. Normal draws use the ziggurat on
//! positions `c + 2i` and `c + 2i + 1` (pure Rust arithmetic, so every carrier and machine
//! draws the same values), and any chunk of a draw can be made alone: a large draw reaches
//! the device chunk by chunk.

/// The process-wide generator of `et.manual_seed` (torch's default generator): it draws
/// the in-place random fills of parameters (`p.normal_()`, `et.nn.init`), the seeds of
/// `et.nn` modules built without one, and, once seeded, of sessions made without one.
/// Starts from a fixed seed, as torch's does.
static GLOBAL: std::sync::Mutex<(RngState, bool)> = std::sync::Mutex::new((
    RngState {
        seed: 67_280_421_310_721,
        counter: 0,
    },
    false,
));

/// Run `f` on the process-wide generator (see [`GLOBAL`]).
pub fn with_global<R>(f: impl FnOnce(&mut RngState) -> R) -> R {
    let mut g = GLOBAL.lock().unwrap_or_else(|e| e.into_inner());
    f(&mut g.0)
}

/// `et.manual_seed(seed)`: restart the process-wide generator at `seed`.
pub fn manual_seed(seed: u64) {
    let mut g = GLOBAL.lock().unwrap_or_else(|e| e.into_inner());
    *g = (RngState::new(seed), true);
    SEED.store(seed, std::sync::atomic::Ordering::Relaxed);
}

/// The seed `manual_seed` set last (the process-wide generator's first, before any call).
static SEED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(67_280_421_310_721);

/// Where a thread's default session starts its generator: `manual_seed`'s seed, on a stream
/// of its own (not the process-wide one, whose first draws fill parameters), drawing nothing
/// from the process-wide generator, so a script draws the same numbers after each
/// `manual_seed` whenever its default session was made.
pub fn default_session_seed() -> u64 {
    SEED.load(std::sync::atomic::Ordering::Relaxed) ^ 0x9E37_79B9_7F4A_7C15
}

/// [`manual_seed`] from any integer in torch's range, `[-2**63, 2**64)`: a negative seed
/// maps onto the unsigned range as torch maps it; another is an `ArgumentError`.
pub fn manual_seed_checked(seed: i128) -> crate::error::Result<()> {
    if !(-(1i128 << 63)..(1i128 << 64)).contains(&seed) {
        return Err(crate::error::Error::Argument(format!(
            "manual_seed: the seed must fit in 64 bits, got {seed}"
        )));
    }
    manual_seed(seed as u64);
    Ok(())
}

/// Which generator an op draws from (what a `generator=` argument would replace).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Draws {
    /// The process-wide generator (`et.manual_seed`): parameter fills.
    Global,
    /// The session's own generator: the session's sampling ops.
    Session,
}

/// torch's `generator=None` of a session's sampling op (`bernoulli`, `multinomial`): the draw
/// comes from the session's own generator, the only one such an op takes (a binding refuses
/// any other with [`refuse_generator`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct SessionGenerator;

/// torch's `generator=` argument of `op`: only `None` (not `given`) is taken here, the op
/// drawing from `draws`; another generator is an `ArgumentError`.
pub fn refuse_generator(op: &str, given: bool, draws: Draws) -> crate::error::Result<()> {
    if !given {
        return Ok(());
    }
    let which = match draws {
        Draws::Global => "the process-wide generator (et.manual_seed)",
        Draws::Session => "the session's generator",
    };
    Err(crate::error::Error::Argument(format!(
        "{op}: generator= is not supported: eagertape draws from {which}; pass None"
    )))
}

/// A seed drawn from the process-wide generator once `manual_seed` was called (for a
/// session or module made without a seed); `None` before.
pub fn seeded_draw() -> Option<u64> {
    let mut g = GLOBAL.lock().unwrap_or_else(|e| e.into_inner());
    if !g.1 {
        return None;
    }
    Some(g.0.next_seed())
}

/// The whole process-wide state `et.get_rng_state` saves: the generator's position, whether
/// `manual_seed` seeded it, and `manual_seed`'s last seed (`initial_seed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GlobalState {
    pub generator: RngState,
    pub seeded: bool,
    pub initial_seed: u64,
}

/// The process-wide state (see [`GlobalState`]).
pub fn global_state() -> GlobalState {
    let g = GLOBAL.lock().unwrap_or_else(|e| e.into_inner());
    GlobalState {
        generator: g.0,
        seeded: g.1,
        initial_seed: initial_seed(),
    }
}

/// Restore the process-wide state `global_state` returned.
pub fn set_global_state(state: GlobalState) {
    let mut g = GLOBAL.lock().unwrap_or_else(|e| e.into_inner());
    *g = (state.generator, state.seeded);
    SEED.store(state.initial_seed, std::sync::atomic::Ordering::Relaxed);
}

/// `et.initial_seed()`: the seed `manual_seed` set last (the process-wide generator's first).
pub fn initial_seed() -> u64 {
    SEED.load(std::sync::atomic::Ordering::Relaxed)
}

/// A seed drawn from the process-wide generator (seeded or not).
pub fn draw_seed() -> u64 {
    with_global(RngState::next_seed)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RngState {
    pub seed: u64,
    /// Number of 64-bit values drawn so far.
    pub counter: u64,
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl RngState {
    pub fn new(seed: u64) -> Self {
        RngState { seed, counter: 0 }
    }

    /// The seed's key, folded into every position's hash.
    fn key(&self) -> u64 {
        mix(self.seed.wrapping_add(GOLDEN))
    }

    /// A seed for another generator: one 53-bit draw (advances the counter by 1).
    pub fn next_seed(&mut self) -> u64 {
        (self.uniform_one() * (1u64 << 53) as f64) as u64
    }

    /// One uniform value in `[0, 1)` with 53 random bits; advances the counter by 1.
    pub fn uniform_one(&mut self) -> f64 {
        let mut out = [0.0];
        self.fill_uniform_bits(0, &mut out, 53);
        self.skip_draw(false, 1);
        out[0]
    }

    /// `n` uniform values in `[0, 1)` with 53 random bits each; advances the counter by `n`.
    pub fn uniform(&mut self, n: usize) -> crate::error::Result<Vec<f64>> {
        self.uniform_bits(n, 53)
    }

    /// `n` uniform values in `[0, 1)` on the grid `k / 2^bits`: with `bits` at most a
    /// carrier's significand width, every value converts to that carrier exactly, so a
    /// draw never rounds up to 1.0. Advances the counter by `n`.
    pub fn uniform_bits(&mut self, n: usize, bits: u32) -> crate::error::Result<Vec<f64>> {
        let mut out = crate::error::host_vec(n, 0.0, "a uniform draw")?;
        self.fill_uniform_bits(0, &mut out, bits);
        self.skip_draw(false, n as u64);
        Ok(out)
    }

    /// Elements `at..at + out.len()` of a `uniform_bits(_, bits)` draw starting at the
    /// current counter, written into `out` (a chunk of a larger draw: the same values the
    /// whole draw gives there). Does not advance the counter.
    pub fn fill_uniform_bits(&self, at: u64, out: &mut [f64], bits: u32) {
        let scale = 1.0 / (1u64 << bits) as f64;
        let key = self.key();
        let start = self.counter.wrapping_add(at);
        for (i, o) in (0u64..).zip(out.iter_mut()) {
            *o = (keyed(key, start.wrapping_add(i)) >> (64 - bits)) as f64 * scale;
        }
    }

    /// Elements `at..at + out.len()` of a `normal(_)` draw starting at the current counter,
    /// written into `out`. Does not advance the counter.
    pub fn fill_normal(&self, at: u64, out: &mut [f64]) {
        let key = self.key();
        let start = self.counter.wrapping_add(at.wrapping_mul(2));
        for (i, o) in (0u64..).zip(out.iter_mut()) {
            *o = normal_at(key, start.wrapping_add(2 * i));
        }
    }

    /// Elements `at..at + out.len()` of a draw of `rand` (`uniform_bits(_, bits)`) or of
    /// `randn` (`normal`), as [`Self::fill_uniform_bits`] / [`Self::fill_normal`].
    pub fn fill_draw(&self, normal: bool, bits: u32, at: u64, out: &mut [f64]) {
        if normal {
            self.fill_normal(at, out);
        } else {
            self.fill_uniform_bits(at, out, bits);
        }
    }

    /// Advance past a draw of `n` elements made with [`Self::fill_draw`]: `n` positions for
    /// uniform draws, `2n` for normal ones.
    pub fn skip_draw(&mut self, normal: bool, n: u64) {
        let used = if normal { n.wrapping_mul(2) } else { n };
        self.counter = self.counter.wrapping_add(used);
    }

    /// `n` standard normal values; advances by `2n`. Element `i` is a function of the
    /// stream's positions `2i` and `2i + 1` (and of hashes of the first, in the rare
    /// rejections), so any chunk of a draw can be made on its own ([`Self::fill_normal`]).
    pub fn normal(&mut self, n: usize) -> crate::error::Result<Vec<f64>> {
        let mut out = crate::error::host_vec(n, 0.0, "a normal draw")?;
        self.fill_normal(0, &mut out);
        self.skip_draw(true, n as u64);
        Ok(out)
    }
}

const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;
const UNIT: f64 = 1.0 / (1u64 << 53) as f64;

fn keyed(key: u64, i: u64) -> u64 {
    mix(key ^ i.wrapping_mul(GOLDEN).wrapping_add(key.rotate_left(17)))
}

/// The ziggurat of the standard normal density (Marsaglia and Tsang, in Doornik's ZIGNOR
/// form: 128 layers of equal area `V`, the base layer holding the tail beyond `R`).
struct Ziggurat {
    /// Layer edges, `x[0] = V / f(R)` (the base's width), `x[1] = R`, down to `x[128] = 0`.
    x: [f64; 129],
    /// `x[i + 1] / x[i]`: below it, a point of layer `i` is inside the density.
    ratio: [f64; 128],
}

const ZIG_R: f64 = 3.442_619_855_899;
const ZIG_V: f64 = 9.912_563_035_262_17e-3;

fn ziggurat() -> &'static Ziggurat {
    static TABLES: std::sync::OnceLock<Ziggurat> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let mut x = [0.0; 129];
        let mut f = (-0.5 * ZIG_R * ZIG_R).exp();
        x[0] = ZIG_V / f;
        x[1] = ZIG_R;
        for i in 2..128 {
            x[i] = (-2.0 * (ZIG_V / x[i - 1] + f).ln()).sqrt();
            f = (-0.5 * x[i] * x[i]).exp();
        }
        let mut ratio = [0.0; 128];
        for i in 0..128 {
            ratio[i] = x[i + 1] / x[i];
        }
        Ziggurat { x, ratio }
    })
}

/// One standard normal value from stream position `k` (and `k + 1`): a uniform layer and
/// a signed uniform from one 64-bit word, accepted at once 98.8% of the time; otherwise
/// the wedge test or the tail (Marsaglia's), each with words hashed from the first.
fn normal_at(key: u64, k: u64) -> f64 {
    let z = ziggurat();
    let first = keyed(key, k);
    let word = |j: u64| match j {
        0 => first,
        1 => keyed(key, k.wrapping_add(1)),
        _ => mix(first ^ j.wrapping_mul(GOLDEN)),
    };
    let mut j = 0u64;
    loop {
        let b = word(j);
        j += 1;
        let i = (b & 0x7f) as usize;
        let u = 2.0 * ((b >> 11) as f64 * UNIT) - 1.0;
        if u.abs() < z.ratio[i] {
            return u * z.x[i];
        }
        if i == 0 {
            // the tail beyond R: x = ln(u1) / R, accepted when −2 ln(u2) ≥ x²
            loop {
                let x = (((word(j) >> 11) + 1) as f64 * UNIT).ln() / ZIG_R;
                let y = (((word(j + 1) >> 11) + 1) as f64 * UNIT).ln();
                j += 2;
                if -2.0 * y >= x * x {
                    return if u < 0.0 { x - ZIG_R } else { ZIG_R - x };
                }
            }
        }
        let x = u * z.x[i];
        let f0 = (-0.5 * (z.x[i] * z.x[i] - x * x)).exp();
        let f1 = (-0.5 * (z.x[i + 1] * z.x[i + 1] - x * x)).exp();
        let v = (word(j) >> 11) as f64 * UNIT;
        j += 1;
        if f1 + v * (f0 - f1) < 1.0 {
            return x;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_outside_torchs_range_is_refused() {
        // torch.manual_seed(2**64) raises; -1 maps to 2**64 - 1
        assert!(matches!(
            manual_seed_checked(1i128 << 64),
            Err(crate::error::Error::Argument(_))
        ));
        assert!(matches!(
            manual_seed_checked(-(1i128 << 63) - 1),
            Err(crate::error::Error::Argument(_))
        ));
    }

    #[test]
    fn same_seed_same_draws_and_the_counter_advances() {
        let (mut a, mut b) = (RngState::new(7), RngState::new(7));
        assert_eq!(a.uniform(5).unwrap(), b.uniform(5).unwrap());
        assert_eq!(a.counter, 5);
        assert_ne!(a.uniform(3).unwrap(), RngState::new(8).uniform(3).unwrap());
    }

    #[test]
    fn normal_draws_follow_the_standard_normal_distribution() {
        // Kolmogorov–Smirnov against Φ on 200k draws (critical value at 1%: 1.63 / √n),
        // and the tails: P(|z| > 3) = 0.0027 within 4 standard errors.
        let n = 200_000;
        let mut z = RngState::new(11).normal(n).unwrap();
        z.sort_by(f64::total_cmp);
        let phi = |x: f64| 0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2));
        let d = z
            .iter()
            .enumerate()
            .map(|(i, &x)| {
                let f = phi(x);
                (f - i as f64 / n as f64)
                    .abs()
                    .max(((i + 1) as f64 / n as f64 - f).abs())
            })
            .fold(0.0, f64::max);
        assert!(d < 1.63 / (n as f64).sqrt(), "KS distance {d}");
        let tail = z.iter().filter(|x| x.abs() > 3.0).count() as f64 / n as f64;
        let se = (0.0027 * (1.0 - 0.0027) / n as f64).sqrt();
        assert!((tail - 0.0027).abs() < 4.0 * se, "tail mass {tail}");
        assert!(
            z.iter().any(|&x| x.abs() > ZIG_R),
            "no draw from the tail beyond R"
        );
    }

    /// erf from the Chebyshev fit of erfc in Numerical Recipes (`erfcc`): |error| < 1.2e-7,
    /// enough for the KS test.
    fn erf(x: f64) -> f64 {
        let t = 1.0 / (1.0 + 0.5 * x.abs());
        let y = 1.0
            - t * (-x * x - 1.265_512_23
                + t * (1.000_023_68
                    + t * (0.374_091_96
                        + t * (0.096_784_18
                            + t * (-0.186_288_06
                                + t * (0.278_868_07
                                    + t * (-1.135_203_98
                                        + t * (1.488_515_87
                                            + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
                .exp();
        if x >= 0.0 {
            y
        } else {
            -y
        }
    }

    #[test]
    fn chunked_fills_give_the_whole_draws_values() {
        let a = RngState::new(3);
        let mut chunk = [0.0; 4];
        a.fill_normal(5, &mut chunk);
        let mut whole = a;
        assert_eq!(chunk.to_vec(), whole.normal(9).unwrap()[5..9].to_vec());
        a.fill_uniform_bits(2, &mut chunk, 24);
        let mut whole = a;
        assert_eq!(
            chunk.to_vec(),
            whole.uniform_bits(6, 24).unwrap()[2..6].to_vec()
        );
    }

    #[test]
    fn restoring_the_state_replays_the_stream() {
        let mut a = RngState::new(1);
        a.uniform(10).unwrap();
        let saved = a;
        let first = a.normal(4).unwrap();
        let mut b = saved;
        assert_eq!(b.normal(4).unwrap(), first);
    }

    #[test]
    fn uniform_moments_are_right() {
        let u = RngState::new(3).uniform(100_000).unwrap();
        let mean = u.iter().sum::<f64>() / u.len() as f64;
        assert!(u.iter().all(|&x| (0.0..1.0).contains(&x)));
        assert!((mean - 0.5).abs() < 0.01, "mean {mean}");
        let z = RngState::new(4).normal(100_000).unwrap();
        let m = z.iter().sum::<f64>() / z.len() as f64;
        let var = z.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / z.len() as f64;
        assert!(
            m.abs() < 0.02 && (var - 1.0).abs() < 0.03,
            "mean {m} var {var}"
        );
    }
}
