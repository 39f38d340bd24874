//! What the world's integration tests share: the tile maps' oracles and random movers.
#![allow(dead_code)]

pub mod tiles;
