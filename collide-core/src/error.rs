use core::fmt;

/// Why a shape or collider could not be built.
///
/// Queries never return this: a question about valid shapes always has an answer, and
/// non-finite positions simply give "no hit".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A coordinate, radius or extent was NaN or infinite.
    NonFinite,
    /// A hull was given more vertices than [`MAX_HULL_VERTICES`](crate::MAX_HULL_VERTICES).
    TooManyVertices {
        /// How many vertices were given.
        count: usize,
    },
    /// A point cloud was given more points than
    /// [`MAX_CLOUD_POINTS`](crate::MAX_CLOUD_POINTS).
    TooManyPoints {
        /// How many points were given.
        count: usize,
    },
    /// Fewer than three distinct, non-collinear points remained after cleaning.
    TooFewVertices {
        /// How many vertices remained after dropping duplicates and collinear points.
        remaining: usize,
    },
    /// The polygon turns the wrong way at a vertex, or winds around more than once.
    NotConvex {
        /// Index (in the input) of the first vertex found where convexity fails.
        vertex: usize,
    },
    /// A circle radius was negative.
    NegativeRadius,
    /// A rectangle half-extent was negative.
    NegativeExtent,
    /// A multi-frame collider was given no frames.
    NoFrames,
    /// A frame index past the end of a multi-frame collider.
    FrameOutOfRange {
        /// The index asked for.
        frame: usize,
        /// How many frames there are.
        frames: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Error::NonFinite => f.write_str("a coordinate or size is NaN or infinite"),
            Error::TooManyVertices { count } => write!(
                f,
                "a hull may have at most {} vertices, got {count}",
                crate::MAX_HULL_VERTICES
            ),
            Error::TooManyPoints { count } => write!(
                f,
                "a point cloud may have at most {} points here (`Hull::from_points_mut` takes \
                 any number), got {count}",
                crate::MAX_CLOUD_POINTS
            ),
            Error::TooFewVertices { remaining } => write!(
                f,
                "a hull needs at least 3 distinct, non-collinear vertices, {remaining} remained"
            ),
            Error::NotConvex { vertex } => {
                write!(f, "the polygon is not convex (at input vertex {vertex})")
            }
            Error::NegativeRadius => f.write_str("a circle radius must not be negative"),
            Error::NegativeExtent => f.write_str("a rectangle half-extent must not be negative"),
            Error::NoFrames => f.write_str("a multi-frame collider needs at least one frame"),
            Error::FrameOutOfRange { frame, frames } => {
                write!(
                    f,
                    "frame {frame} is out of range (the collider has {frames})"
                )
            }
        }
    }
}

impl core::error::Error for Error {}
