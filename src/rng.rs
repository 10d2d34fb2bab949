//! The session's counter-based random-number generator.
//!
//! A draw is a pure function of `(seed, counter)`: element `i` of a draw made at counter `c`
//! hashes `(seed, c + i)` (SplitMix64's finaliser, applied twice with the seed folded in),
//! so the same seed gives the same draws on every run, and saving `(seed, counter)` saves
//! the whole generator. `reset_tape` does not touch it.

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

    /// The 64-bit value at position `i` of the stream.
    fn bits(&self, i: u64) -> u64 {
        let key = mix(self.seed.wrapping_add(0x9e37_79b9_7f4a_7c15));
        mix(key
            ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add(key.rotate_left(17)))
    }

    /// `n` uniform values in `[0, 1)` with 53 random bits each; advances the counter by `n`.
    pub fn uniform(&mut self, n: usize) -> Vec<f64> {
        self.uniform_bits(n, 53)
    }

    /// `n` uniform values in `[0, 1)` on the grid `k / 2^bits`: with `bits` at most a
    /// carrier's significand width, every value converts to that carrier exactly, so a
    /// draw never rounds up to 1.0. Advances the counter by `n`.
    pub fn uniform_bits(&mut self, n: usize, bits: u32) -> Vec<f64> {
        let scale = 1.0 / (1u64 << bits) as f64;
        let out = (0..n as u64)
            .map(|i| (self.bits(self.counter.wrapping_add(i)) >> (64 - bits)) as f64 * scale)
            .collect();
        self.counter = self.counter.wrapping_add(n as u64);
        out
    }

    /// Elements `at..at + out.len()` of a `uniform_bits(_, bits)` draw starting at the
    /// current counter, written into `out` (a chunk of a larger draw: the same values the
    /// whole draw gives there). Does not advance the counter.
    pub fn fill_uniform_bits(&self, at: u64, out: &mut [f64], bits: u32) {
        let scale = 1.0 / (1u64 << bits) as f64;
        let start = self.counter.wrapping_add(at);
        for (i, o) in (0u64..).zip(out.iter_mut()) {
            *o = (self.bits(start.wrapping_add(i)) >> (64 - bits)) as f64 * scale;
        }
    }

    /// Elements `at..at + out.len()` of a `normal(_)` draw starting at the current counter,
    /// written into `out`. Does not advance the counter.
    pub fn fill_normal(&self, at: u64, out: &mut [f64]) {
        let scale = 1.0 / (1u64 << 53) as f64;
        let start = self.counter.wrapping_add(at.wrapping_mul(2));
        for (i, o) in (0u64..).zip(out.iter_mut()) {
            let k = start.wrapping_add(2 * i);
            let u0 = (self.bits(k) >> 11) as f64 * scale;
            let u1 = (self.bits(k.wrapping_add(1)) >> 11) as f64 * scale;
            let r = (-2.0 * (1.0 - u0).ln()).sqrt();
            *o = r * (2.0 * std::f64::consts::PI * u1).cos();
        }
    }

    /// `n` standard normal values (Box–Muller on pairs of uniforms); advances by `2n`.
    pub fn normal(&mut self, n: usize) -> Vec<f64> {
        let u = self.uniform(2 * n);
        (0..n)
            .map(|i| {
                let r = (-2.0 * (1.0 - u[2 * i]).ln()).sqrt();
                r * (2.0 * std::f64::consts::PI * u[2 * i + 1]).cos()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_draws_and_the_counter_advances() {
        let (mut a, mut b) = (RngState::new(7), RngState::new(7));
        assert_eq!(a.uniform(5), b.uniform(5));
        assert_eq!(a.counter, 5);
        assert_ne!(a.uniform(3), RngState::new(8).uniform(3));
    }

    #[test]
    fn chunked_fills_give_the_whole_draws_values() {
        let a = RngState::new(3);
        let mut chunk = [0.0; 4];
        a.fill_normal(5, &mut chunk);
        let mut whole = a;
        assert_eq!(chunk.to_vec(), whole.normal(9)[5..9].to_vec());
        a.fill_uniform_bits(2, &mut chunk, 24);
        let mut whole = a;
        assert_eq!(chunk.to_vec(), whole.uniform_bits(6, 24)[2..6].to_vec());
    }

    #[test]
    fn restoring_the_state_replays_the_stream() {
        let mut a = RngState::new(1);
        a.uniform(10);
        let saved = a;
        let first = a.normal(4);
        let mut b = saved;
        assert_eq!(b.normal(4), first);
    }

    #[test]
    fn uniform_moments_are_right() {
        let u = RngState::new(3).uniform(100_000);
        let mean = u.iter().sum::<f64>() / u.len() as f64;
        assert!(u.iter().all(|&x| (0.0..1.0).contains(&x)));
        assert!((mean - 0.5).abs() < 0.01, "mean {mean}");
        let z = RngState::new(4).normal(100_000);
        let m = z.iter().sum::<f64>() / z.len() as f64;
        let var = z.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / z.len() as f64;
        assert!(
            m.abs() < 0.02 && (var - 1.0).abs() < 0.03,
            "mean {m} var {var}"
        );
    }
}
