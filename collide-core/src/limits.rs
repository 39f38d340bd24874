//! The sizes a hull and a point cloud may have: named here, below both the shapes that
//! keep them and the errors that report them.

/// The most vertices a [`Hull`](crate::Hull) may have. The limit lets every query use fixed-size buffers on
/// the stack, so no query allocates.
pub const MAX_HULL_VERTICES: usize = 16;

/// The most points [`Hull::from_points`](crate::Hull::from_points) takes: it copies them into a buffer on the stack
/// (4 KiB). [`Hull::from_points_mut`](crate::Hull::from_points_mut) takes any number, reordering the caller's slice instead.
/// Either way the reduction to [`MAX_HULL_VERTICES`] works on at most this many vertices at a
/// time, in about 7 KiB of stack.
pub const MAX_CLOUD_POINTS: usize = 512;
