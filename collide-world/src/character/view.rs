//! A set of obstacles with some left out: the platform that carries or pushes a character
//! (its own motion moves the character), or the one-way platforms a character stands inside
//! (a snap must not land it on them from below).

use collide_core::{overlaps, Pose, ShapeRef};

use crate::kept::{Keep, Kept};
use crate::{Obstacle, Obstacles};

/// What [`Without`] leaves out.
#[derive(Clone, Copy)]
pub(super) enum Left<'a> {
    /// The obstacle with this id.
    Id(u32),
    /// Every one-way platform that this shape, at this pose, overlaps.
    OneWayOverlapping(ShapeRef<'a>, Pose),
}

/// `inner` without the obstacles [`Left`] names; every other question goes to `inner`.
pub(super) type Without<'o, O> = Kept<'o, O, Left<'o>>;

impl<'o, O: Obstacles + ?Sized> Without<'o, O> {
    pub(super) fn new(inner: &'o O, left: Left<'o>) -> Self {
        Kept { inner, keep: left }
    }
}

impl Keep for Left<'_> {
    fn keeps(&self, o: &Obstacle<'_>) -> bool {
        match *self {
            Left::Id(id) => o.id != id,
            Left::OneWayOverlapping(shape, pose) => {
                o.one_way.is_none() || !overlaps(shape, &pose, o.shape, &o.pose)
            }
        }
    }
}
