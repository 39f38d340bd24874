//! What the front door's integration tests share.
#![allow(dead_code)]

/// The tile maps' oracles and random movers, shared with collide-world's tests (the pass runs
/// over the same far-away maps that `move_and_slide` is checked on).
#[path = "../../../collide-world/tests/common/tiles.rs"]
pub mod tiles;

use collide::{BroadPhaseKind, CollisionPass};
use collide_core::Rect;
use glam::Vec2;

/// A box of half extents `(hx, hy)`.
pub fn rect(hx: f32, hy: f32) -> Rect {
    Rect {
        half_extents: Vec2::new(hx, hy),
    }
}

/// A pass over each broad phase, so a test checks that they all answer the same.
pub fn passes() -> impl Iterator<Item = CollisionPass> {
    BroadPhaseKind::ALL
        .into_iter()
        .map(|k| CollisionPass::new(k.build()))
}
