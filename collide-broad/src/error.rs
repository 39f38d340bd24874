use core::fmt;

/// What went wrong in `collide-broad`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A broad-phase name that is not one of `grid`, `sort_and_sweep`, `quadtree`,
    /// `brute_force`.
    UnknownBroadPhase,
    /// A body's position, rotation or shape is not finite.
    NonFinite,
    /// More static bodies than a `u32` handle can name.
    TooManyBodies,
    /// A frame had more candidate pairs than `limit`, the most the collision pass
    /// ([`CollisionPass::set_max_pairs`](crate::CollisionPass::set_max_pairs)) or a caller of
    /// [`BroadPhase::pairs_at_most`](crate::BroadPhase::pairs_at_most) accepts; the broad
    /// phase stopped there.
    #[non_exhaustive]
    TooManyPairs {
        /// The most pairs accepted.
        limit: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownBroadPhase => f.write_str(
                "unknown broad phase: expected one of grid, sort_and_sweep, quadtree, brute_force",
            ),
            Error::NonFinite => f.write_str("a body's position, rotation or shape is not finite"),
            Error::TooManyBodies => f.write_str("more than 2^32 static bodies"),
            Error::TooManyPairs { limit } => write!(
                f,
                "more than {limit} candidate pairs in one frame (the pass's limit, see \
                 CollisionPass::set_max_pairs)"
            ),
        }
    }
}

impl core::error::Error for Error {}
