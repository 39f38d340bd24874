//! A tiny seeded random number generator, so every scene and every query case is the same on
//! every machine and every run.

use glam::Vec2;

/// SplitMix64: a 64-bit generator with a full period and good statistical quality for
/// benchmark inputs. Not for cryptography.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`; the same seed always gives the same sequence.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform `f32` in `[0, 1)`.
    pub fn unit(&mut self) -> f32 {
        // The top 24 bits fill an f32 mantissa exactly.
        (self.next_u64() >> 40) as f32 * (1.0 / (1u64 << 24) as f32)
    }

    /// A uniform `f32` in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// A uniform index in `0..n` (`0` when `n` is 0).
    pub fn index(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        // Multiply-shift: unbiased enough for benchmark inputs and free of division.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A uniform angle in `[0, 2π)`.
    pub fn angle(&mut self) -> f32 {
        self.range(0.0, core::f32::consts::TAU)
    }

    /// A unit vector in a uniform random direction.
    pub fn direction(&mut self) -> Vec2 {
        let (sin, cos) = sin_cos(self.angle());
        Vec2::new(cos, sin)
    }

    /// A point uniform in the box `[min, max)`.
    pub fn in_box(&mut self, min: Vec2, max: Vec2) -> Vec2 {
        Vec2::new(self.range(min.x, max.x), self.range(min.y, max.y))
    }

    /// A standard normal sample (mean 0, sd 1), by the Box–Muller transform.
    pub fn gaussian(&mut self) -> f32 {
        // 1 - unit() lies in (0, 1], so the logarithm is finite.
        let u1 = 1.0 - self.unit();
        let u2 = self.unit();
        (-2.0 * ln(u1)).sqrt() * cos(core::f32::consts::TAU * u2)
    }
}

/// `ln x`, through `libm` under the `deterministic` feature (the same bits on every target).
#[allow(clippy::disallowed_methods)] // the switch itself, as in `collide_core::math`
fn ln(x: f32) -> f32 {
    #[cfg(feature = "deterministic")]
    return libm::logf(x);
    #[cfg(not(feature = "deterministic"))]
    return x.ln();
}

/// `(sin x, cos x)`, through `libm` under the `deterministic` feature.
#[allow(clippy::disallowed_methods)] // the switch itself, as in `collide_core::math`
fn sin_cos(x: f32) -> (f32, f32) {
    #[cfg(feature = "deterministic")]
    return libm::sincosf(x);
    #[cfg(not(feature = "deterministic"))]
    return x.sin_cos();
}

/// `cos x`, through `libm` under the `deterministic` feature.
#[allow(clippy::disallowed_methods)] // the switch itself, as in `collide_core::math`
fn cos(x: f32) -> f32 {
    #[cfg(feature = "deterministic")]
    return libm::cosf(x);
    #[cfg(not(feature = "deterministic"))]
    return x.cos();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_and_different_seeds_differ() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        let mut c = SplitMix64::new(8);
        let xs: Vec<u64> = (0..16).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..16).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..16).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }

    #[test]
    fn ranges_hold_and_moments_are_plausible() {
        let mut r = SplitMix64::new(1);
        let n = 20_000;
        let mut sum = 0.0f64;
        let mut sum_sq = 0.0f64;
        for _ in 0..n {
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
            let i = r.index(10);
            assert!(i < 10);
            let g = f64::from(r.gaussian());
            assert!(g.is_finite());
            sum += g;
            sum_sq += g * g;
        }
        let mean = sum / f64::from(n);
        let var = sum_sq / f64::from(n) - mean * mean;
        assert!(mean.abs() < 0.05, "gaussian mean {mean}");
        assert!((var - 1.0).abs() < 0.05, "gaussian variance {var}");
        assert_eq!(r.index(0), 0);
    }
}
