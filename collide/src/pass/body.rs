//! [`Body`]: one object as the collision pass sees it for one frame, and its swept bounds.

use collide_core::{Aabb, AnimatedHull, Circle, Hull, Layers, Motion, Pose, Rot, ShapeRef};
use glam::Vec2;

/// One body as the pass sees it for one frame: shape, where it started and ended, rotation,
/// layers, whether its collider is on, and, for contact events, the game's key for it and
/// whether it is a sensor.
///
/// The travel is derived from `start` and `end`; the rotation is the end-of-frame rotation,
/// held fixed during the sweep.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body<'a> {
    /// The collision shape.
    pub shape: ShapeRef<'a>,
    /// Position at the start of the frame (the previous position).
    pub start: Vec2,
    /// Position at the end of the frame (the current position).
    pub end: Vec2,
    /// Rotation during the frame.
    pub rotation: Rot,
    /// Collision layers; pairs whose layers do not interact are never tested.
    pub layers: Layers,
    /// A disabled body takes no part in the pass (and is not counted as skipped).
    pub enabled: bool,
    /// The game's stable id for it (an entity id: Bevy's `Entity::to_bits`, a slotmap key's
    /// `as_ffi`, an index), by which [`ContactEvents`](crate::ContactEvents) tells the pairs
    /// that touch from one frame to the next; [`Body::NO_KEY`] (the default) leaves its
    /// contacts out of the events. A plain `u64` rather than an `Option`, so that a body stays
    /// 64 bytes, one cache line (see [`keyed`](Self::keyed)).
    pub key: u64,
    /// A sensor (a coin, a trigger zone) is reported like any body, but never turns anything:
    /// a response's turning reactions for a hit with a sensor are not carried out (see
    /// [`PassHit::sensor`](crate::PassHit::sensor)).
    pub sensor: bool,
}

impl<'a> Body<'a> {
    /// The key of a body without one: `u64::MAX`, which neither Bevy's entity bits nor a
    /// slotmap key ever is.
    pub const NO_KEY: u64 = u64::MAX;

    /// An enabled, unrotated body on every layer, moving from `start` to `end` this frame.
    #[must_use]
    pub fn new(shape: impl Into<ShapeRef<'a>>, start: Vec2, end: Vec2) -> Self {
        Self {
            shape: shape.into(),
            start,
            end,
            rotation: Rot::IDENTITY,
            layers: Layers::ALL,
            enabled: true,
            key: Self::NO_KEY,
            sensor: false,
        }
    }

    /// A body that stayed at `position` this frame.
    #[must_use]
    pub fn stationary(shape: impl Into<ShapeRef<'a>>, position: Vec2) -> Self {
        Self::new(shape, position, position)
    }

    /// The active frame of an animated hull collider; disabled when the collider is.
    #[must_use]
    pub fn animated<S: AsRef<[Hull]>>(
        collider: &'a AnimatedHull<S>,
        start: Vec2,
        end: Vec2,
    ) -> Self {
        match collider.active() {
            Some(hull) => Self::new(hull, start, end),
            None => Self::new(Circle { radius: 0.0 }, start, end).with_enabled(false),
        }
    }

    /// The same body with these layers.
    #[must_use]
    pub fn with_layers(mut self, layers: Layers) -> Self {
        self.layers = layers;
        self
    }

    /// The same body with this rotation.
    #[must_use]
    pub fn with_rotation(mut self, rotation: Rot) -> Self {
        self.rotation = rotation;
        self
    }

    /// The same body, enabled or not.
    #[must_use]
    pub fn with_enabled(mut self, enabled: bool) -> Self {
        self.enabled = enabled;
        self
    }

    /// The same body with the game's key for it (see [`key`](Self::key));
    /// [`NO_KEY`](Self::NO_KEY) for none.
    #[must_use]
    pub fn with_key(mut self, key: u64) -> Self {
        self.key = key;
        self
    }

    /// Its key, if it has one.
    #[inline]
    #[must_use]
    pub fn keyed(&self) -> Option<u64> {
        (self.key != Self::NO_KEY).then_some(self.key)
    }

    /// The same body, a sensor or not (see [`sensor`](Self::sensor)).
    #[must_use]
    pub fn with_sensor(mut self, sensor: bool) -> Self {
        self.sensor = sensor;
        self
    }

    /// The body's motion over the frame.
    #[inline]
    #[must_use]
    pub fn motion(&self) -> Motion {
        Motion::new(self.start, self.end, self.rotation)
    }

    /// The box covering the shape at the start and at the end of the frame: the swept bounds
    /// the pass gives the broad phase, so that a fast body is a candidate against everything
    /// along its path, not only what it ends next to. Widened by the rounding its corners can
    /// lose, so that it never ends short of the shape's own box at either end.
    #[inline]
    #[must_use]
    pub fn swept_bounds(&self) -> Aabb {
        let half = match self.shape {
            // The common shapes inline: the union of the two end boxes, centred between the two
            // positions. Plain arithmetic, no `min`/`max`: a NaN position gives a NaN box, which
            // the pass's finiteness check then catches.
            ShapeRef::Circle(c) => Vec2::splat(c.radius),
            ShapeRef::Rect(r) => r.half_extents,
            ShapeRef::Hull(_) => {
                let a = self.shape.aabb(&Pose::new(self.start, self.rotation));
                let b = self.shape.aabb(&Pose::new(self.end, self.rotation));
                return widened(Aabb::from_min_max(
                    a.min().min(b.min()),
                    a.max().max(b.max()),
                ));
            }
        };
        widened(Aabb::new(
            (self.start + self.end) * 0.5,
            (self.end - self.start).abs() * 0.5 + half,
        ))
    }

    /// Whether queries see the body's shape at all: a circle or rect with a negative or
    /// non-finite size (which a struct literal can build) is "no hit" for every one of them;
    /// a hull is checked when it is built.
    #[inline]
    pub(super) fn shape_is_valid(&self) -> bool {
        self.shape.is_valid()
    }

    /// Whether the positions and rotation are finite (the shape is checked through its box).
    #[inline]
    #[must_use]
    pub fn is_finite(&self) -> bool {
        self.zero_if_finite() == Vec2::ZERO
    }

    /// Zero when the positions and rotation are finite, NaN otherwise: `x · 0` is `0` for a
    /// finite `x` and NaN for the others, so one comparison checks them all.
    #[inline]
    pub(super) fn zero_if_finite(&self) -> Vec2 {
        let rotation = Vec2::new(self.rotation.cos(), self.rotation.sin());
        self.start * 0.0 + self.end * 0.0 + rotation * 0.0
    }
}

/// `bounds` grown by four ulps of its farthest corner on each axis: what the centre, the half
/// extents and their sums and differences can each lose to rounding, so a box built this way
/// covers the exact one. Without it, a swept box can end a rounding step short of its own
/// end-of-frame box, and two bodies that overlap there by less than that never become a pair.
#[inline]
pub(crate) fn widened(bounds: Aabb) -> Aabb {
    let reach = bounds.center.abs() + bounds.half_extents;
    Aabb::new(
        bounds.center,
        bounds.half_extents + reach * (4.0 * f32::EPSILON),
    )
}
