//! [`WorldHit`]: what a query of the world met, and the impact.

use collide_core::Impact;

/// Where a ray, a moving shape or a body met the world: which obstacle (or body), and when,
/// where and along which normal, from its real shape (not its box).
///
/// Every cast against a set of things answers with one: a tile map's (its `id` the cell's
/// [`cell_index`](crate::TileMap::cell_index), [`cell_of_index`](crate::TileMap::cell_of_index)
/// turns it back into a cell), the static world's (its [`Obstacle::id`](crate::Obstacle::id)),
/// the front door's hitscan over moving bodies (the body's index).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorldHit {
    /// What was met: an obstacle's id, or a body's index.
    pub id: u32,
    /// When (a fraction of the ray or of the motion), where, and the unit normal from the
    /// query into what it met; `t = 0` when it starts inside (or touching and moving in).
    pub impact: Impact,
}
