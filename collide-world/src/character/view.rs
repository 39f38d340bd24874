//! A set of obstacles with some left out: the platform that carries or pushes a character
//! (its own motion moves the character), or the one-way platforms a character stands inside
//! (a snap must not land it on them from below, nor a move on a moving one).

use collide_core::{overlaps, Pose, ShapeRef};
use glam::Vec2;

use crate::kept::{Keep, Kept};
use crate::{Obstacle, Obstacles};

/// The most ids [`Left::Ids`] names.
pub(super) const MOST_IDS: usize = 4;

/// What [`Without`] leaves out.
#[derive(Clone, Copy)]
pub(super) enum Left<'a> {
    /// The obstacle with this id.
    Id(u32),
    /// The obstacles with these ids.
    Ids([Option<u32>; MOST_IDS]),
    /// Every one-way platform that this shape, at this pose, is partly inside of, deeper
    /// than this tolerance or the rounding, whichever is less ([`Obstacle::sunk_into`]): one
    /// resting on its top within rounding stands on it, as a slide has it.
    OneWaySunkInto(ShapeRef<'a>, Pose, f32),
    /// The platform a move leaves (if any), and every moving one-way platform that this
    /// shape, at this pose (where the move starts), overlapped where the platform stood
    /// before it moved this frame: a character dropping through a lift that moves on down
    /// is partly inside it still, though not inside where the lift ends.
    Moving {
        leaving: Option<u32>,
        shape: ShapeRef<'a>,
        before: Pose,
    },
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
            Left::Ids(ids) => !ids.contains(&Some(o.id)),
            Left::OneWaySunkInto(shape, pose, tolerance) => !o.sunk_into(shape, &pose, tolerance),
            Left::Moving {
                leaving,
                shape,
                before,
            } => Some(o.id) != leaving && !sunk_before(shape, &before, o),
        }
    }

    /// Nothing named (no mover crushed it, the usual move): the set answers as it is, with
    /// no test per obstacle (the move lists what is near it through this view).
    #[inline]
    fn keeps_all(&self) -> bool {
        matches!(self, Left::Ids(ids) if ids.iter().all(Option::is_none))
    }

    /// A platform, a mover or a one-way piece left out still stands where it is.
    fn exposes_faces(&self) -> bool {
        false
    }
}

/// Whether `o` is a moving one-way platform that `shape` at `pose` overlapped where it stood
/// before it moved this frame.
fn sunk_before(shape: ShapeRef<'_>, pose: &Pose, o: &Obstacle<'_>) -> bool {
    let v = o.velocity;
    if o.one_way.is_none() || v == Vec2::ZERO || !v.is_finite() {
        return false;
    }
    let stood = Pose::new(o.pose.position - v, o.pose.rotation);
    overlaps(shape, pose, o.shape, &stood)
}
