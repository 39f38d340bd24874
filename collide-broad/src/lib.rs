//! `collide-broad`: which pairs to test, and the collision pass that tests them.
//!
//! This crate is a skeleton until its issue lands. It will hold the `BroadPhase` trait with
//! four implementations returning identical pair sets (`Grid`, a spatial hash over an
//! unbounded world; `SortAndSweep`; `QuadTree`; and `BruteForce`, the oracle), indexing every
//! body by the box covering its whole path, and the collision `pass`: swept bounds, candidate
//! pairs, the narrow phase of `collide-core`, hits sorted by time and resolved in that order.
#![warn(missing_docs)]
