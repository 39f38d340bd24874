//! Seeded scenes shared by the integration tests.
#![allow(dead_code)]

use collide_broad::Proxy;
use collide_core::{Aabb, Layers};
use glam::Vec2;

/// SplitMix64: a tiny seeded generator, so scenes are the same on every run and machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    pub fn below(&mut self, n: u32) -> u32 {
        (self.next_u64() % u64::from(n.max(1))) as u32
    }

    /// Roughly normal (sum of four uniforms), mean 0, sd about `sd`.
    pub fn gauss(&mut self, sd: f32) -> f32 {
        (self.unit() + self.unit() + self.unit() + self.unit() - 2.0) * sd * 1.732
    }
}

/// Sparse, non-dense ids: a bijection of `i` onto `u32`.
pub fn sparse_id(i: usize) -> u32 {
    (i as u32).wrapping_mul(2_654_435_761).wrapping_add(12_345)
}

/// Random layers from three bits, so roughly half of all pairs interact.
pub fn random_layers(rng: &mut Rng) -> Layers {
    Layers::new(1 << rng.below(3), rng.below(8) | 1 << rng.below(3))
}

/// `n` boxes spread uniformly over a field sized to keep the density constant.
pub fn uniform(rng: &mut Rng, n: usize, offset: Vec2) -> Vec<Proxy> {
    let side = 40.0 * (n as f32).sqrt();
    (0..n)
        .map(|i| {
            let c = offset + Vec2::new(rng.range(-side, side), rng.range(-side, side));
            let h = Vec2::new(rng.range(0.5, 12.0), rng.range(0.5, 12.0));
            Proxy::new(sparse_id(i), Aabb::new(c, h), random_layers(rng))
        })
        .collect()
}

/// `n` boxes in a handful of tight Gaussian clusters.
pub fn clustered(rng: &mut Rng, n: usize) -> Vec<Proxy> {
    let side = 40.0 * (n as f32).sqrt();
    let centres: Vec<Vec2> = (0..5)
        .map(|_| Vec2::new(rng.range(-side, side), rng.range(-side, side)))
        .collect();
    (0..n)
        .map(|i| {
            let k = centres[rng.below(5) as usize];
            let c = k + Vec2::new(rng.gauss(side * 0.05), rng.gauss(side * 0.05));
            let h = Vec2::new(rng.range(0.5, 6.0), rng.range(0.5, 6.0));
            Proxy::new(sparse_id(i), Aabb::new(c, h), random_layers(rng))
        })
        .collect()
}

/// Sizes spread over six orders of magnitude (log-uniform), bullets to level-sized triggers.
pub fn uneven(rng: &mut Rng, n: usize) -> Vec<Proxy> {
    let side = 40.0 * (n as f32).sqrt();
    (0..n)
        .map(|i| {
            let c = Vec2::new(rng.range(-side, side), rng.range(-side, side));
            let h = Vec2::new(
                10f32.powf(rng.range(-2.0, 3.5)),
                10f32.powf(rng.range(-2.0, 3.5)),
            );
            Proxy::new(sparse_id(i), Aabb::new(c, h), random_layers(rng))
        })
        .collect()
}
