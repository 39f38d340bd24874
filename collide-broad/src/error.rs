use core::fmt;

/// What went wrong in `collide-broad`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A broad-phase name that is not one of `grid`, `sort_and_sweep`, `quadtree`,
    /// `brute_force`.
    UnknownBroadPhase,
    /// A frame had more candidate pairs than `limit`, the most a caller of
    /// [`BroadPhase::pairs_at_most`](crate::BroadPhase::pairs_at_most) (such as the collision
    /// pass) accepts; the broad phase stopped there.
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
            Error::TooManyPairs { limit } => write!(
                f,
                "more than {limit} candidate pairs in one frame (the caller's limit, such as the \
                 collision pass's CollisionPass::set_max_pairs)"
            ),
        }
    }
}

impl core::error::Error for Error {}
