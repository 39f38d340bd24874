//! `collide-hull`: convex hull colliders from sprite PNGs.
//!
//! This crate is a skeleton until its issue lands. It will turn a PNG's alpha channel into one
//! convex hull per animation frame (solid pixels, row extremes, monotone chain,
//! Visvalingam–Whyatt down to at most 16 vertices), write and read the versioned
//! `.collider.json` format, and load it back as `collide_core::Hull`s.
#![warn(missing_docs)]
