//! What the front door's integration tests share.
#![allow(dead_code)]

/// The tile maps' oracles and random movers, shared with collide-world's tests (the pass runs
/// over the same far-away maps that `move_and_slide` is checked on).
#[path = "../../../collide-world/tests/common/tiles.rs"]
pub mod tiles;
