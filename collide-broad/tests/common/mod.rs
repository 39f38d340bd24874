//! Seeded scenes shared by the integration tests.
#![allow(dead_code)]

use collide_broad::Proxy;
use collide_core::{Aabb, Layers};
use glam::Vec2;

pub use collide_testkit::SplitMix64;

/// A uniform integer in `0..n`.
pub fn below(rng: &mut SplitMix64, n: u32) -> u32 {
    rng.index(n as usize) as u32
}

/// Normal, mean 0 and standard deviation `sd`.
pub fn gauss(rng: &mut SplitMix64, sd: f32) -> f32 {
    rng.gaussian() * sd
}

/// Sparse, non-dense ids: a bijection of `i` onto `u32`.
pub fn sparse_id(i: usize) -> u32 {
    (i as u32).wrapping_mul(2_654_435_761).wrapping_add(12_345)
}

/// Random layers from three bits, so roughly half of all pairs interact.
pub fn random_layers(rng: &mut SplitMix64) -> Layers {
    Layers::on(1 << below(rng, 3)).with_mask(below(rng, 8) | 1 << below(rng, 3))
}

/// `n` boxes spread uniformly over a field sized to keep the density constant.
pub fn uniform(rng: &mut SplitMix64, n: usize, offset: Vec2) -> Vec<Proxy> {
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
pub fn clustered(rng: &mut SplitMix64, n: usize) -> Vec<Proxy> {
    let side = 40.0 * (n as f32).sqrt();
    let centres: Vec<Vec2> = (0..5)
        .map(|_| Vec2::new(rng.range(-side, side), rng.range(-side, side)))
        .collect();
    (0..n)
        .map(|i| {
            let k = centres[rng.index(5)];
            let c = k + Vec2::new(gauss(rng, side * 0.05), gauss(rng, side * 0.05));
            let h = Vec2::new(rng.range(0.5, 6.0), rng.range(0.5, 6.0));
            Proxy::new(sparse_id(i), Aabb::new(c, h), random_layers(rng))
        })
        .collect()
}

/// Sizes spread over six orders of magnitude (log-uniform), bullets to level-sized triggers.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
pub fn uneven(rng: &mut SplitMix64, n: usize) -> Vec<Proxy> {
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
