//! The moving body of a character as each of its steps sees it, and the geometry of "up" they
//! share.

use collide_core::{clip_motion, Aabb, Pose, Rot, ShapeRef};
use glam::Vec2;

use crate::slide::slide_through;
use crate::{working_skin, Obstacles, Slide, SlideSettings};

/// A travel whose part across `up` is at most this fraction of its length goes straight down
/// or up: no horizontal intent (within about half a degree).
const STRAIGHT: f32 = 0.01;

/// A character's shape and rotation, borrowed for one move.
#[derive(Clone, Copy)]
pub(super) struct Body<'a> {
    pub(super) shape: ShapeRef<'a>,
    pub(super) rotation: Rot,
}

impl Body<'_> {
    /// [`move_and_slide`](crate::move_and_slide) of this body, through obstacles the character
    /// has already seen through its filter (no sensor among them): no room for sensors in
    /// what it answers.
    pub(super) fn slide<O: Obstacles + ?Sized>(
        &self,
        position: Vec2,
        travel: Vec2,
        obstacles: &O,
        settings: &SlideSettings,
    ) -> Slide<0> {
        let mut out = Slide::at(position, travel);
        self.slide_into(position, travel, obstacles, settings, &mut out);
        out
    }

    /// [`slide`](Self::slide), written over `out`: a loop of slides keeps one. A slide
    /// answered by value is built, then copied whole (over 500 bytes) to where the caller
    /// keeps it, on every call.
    pub(super) fn slide_into<O: Obstacles + ?Sized>(
        &self,
        position: Vec2,
        travel: Vec2,
        obstacles: &O,
        settings: &SlideSettings,
        out: &mut Slide<0>,
    ) {
        // The character keeps its own path, of the slides it takes.
        slide_through::<_, _, 0, 0>(
            self.shape,
            self.rotation,
            position,
            travel,
            obstacles,
            settings,
            |_, _| {},
            out,
        );
    }

    /// Its box at `position`.
    pub(super) fn aabb(&self, position: Vec2) -> Aabb {
        self.shape.aabb(&Pose::new(position, self.rotation))
    }

    /// The skin a slide of it near `position` keeps (see [`working_skin`]).
    pub(super) fn skin(&self, position: Vec2, settings: &SlideSettings) -> f32 {
        working_skin(settings.skin, &[self.aabb(position)])
    }
}

/// `v` less its part along `up`: its horizontal part.
pub(super) fn across(v: Vec2, up: Vec2) -> Vec2 {
    v - up * v.dot(up)
}

/// Whether a travel has a horizontal intent: a part across `up` more than a sliver of it.
pub(super) fn walks(travel: Vec2, up: Vec2) -> bool {
    across(travel, up).length() > STRAIGHT * travel.length()
}

/// The move along a floor whose surface normal is `floor` that covers `distance` across `up`
/// in the horizontal direction `toward` (a unit vector across `up`).
pub(super) fn along_floor(floor: Vec2, toward: Vec2, distance: f32) -> Vec2 {
    let tangent = toward - floor * toward.dot(floor);
    let across = tangent.dot(toward);
    if across > f32::EPSILON {
        tangent * (distance / across)
    } else {
        toward * distance
    }
}

/// `v` less what goes into the surfaces with these `normals` (from the body into them), its
/// horizontal and vertical parts clipped apart and then together: where one of the normals is
/// `up` (the body may not rise, against a wall too steep to climb), a walk into the wall stops
/// while a fall still slides down it, where clipping the whole would stop both.
pub(super) fn clip_apart(v: Vec2, up: Vec2, normals: &[Vec2]) -> Vec2 {
    let flat = across(v, up);
    let apart = clip_motion(flat, normals) + clip_motion(v - flat, normals);
    clip_motion(apart, normals)
}
