//! How `move_and_slide` moves a body, and which way a surface it touched faces.

use collide_core::{Layers, DEFAULT_SKIN};
use glam::Vec2;

/// The steepest floor by default: 45°.
const DEFAULT_FLOOR_ANGLE: f32 = core::f32::consts::FRAC_PI_4;

/// How far from unit length `up` may be (a struct literal can set any vector).
pub(crate) const UP_TOLERANCE: f32 = 1e-3;

/// How [`move_and_slide`](super::move_and_slide) moves a body.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlideSettings {
    /// Unit vector pointing up, to tell floors from walls and ceilings: `Vec2::Y` when y
    /// grows upwards, `Vec2::NEG_Y` in screen coordinates (y down). A call with one that is
    /// not a finite unit vector (within a thousandth) is refused as invalid input.
    pub up: Vec2,
    /// How many times the body may stop and slide on in one call (default 4, at most
    /// [`MAX_SLIDES`](super::MAX_SLIDES)); each slide is a leg of the travel, so with `0`
    /// the body does not move (it is only pushed out of what it starts inside).
    pub max_slides: u32,
    /// The steepest slope, in radians from flat, that counts as a floor (default 45°). A
    /// non-finite angle counts as the default (one set with
    /// [`with_max_floor_angle`](Self::with_max_floor_angle) is ignored): a NaN would make
    /// every surface a wall. A finite one outside `0..=π/2` is refused as invalid input.
    pub max_floor_angle: f32,
    /// The gap left between the body and what it stops at (default [`DEFAULT_SKIN`]), so it
    /// never rests inside an obstacle through rounding; a body that starts touching a surface
    /// and moves into it is backed off to this gap too. A call keeps at least four ulps of the
    /// largest coordinate the body reaches (about `5e-6` at 10 units, `0.5` at a million),
    /// whatever this asks for: a smaller gap, zero, or a negative skin could not keep the
    /// rounding of the body's position out of what it stopped at. A skin that is not finite
    /// (NaN or infinite) counts as the default (one set with [`with_skin`](Self::with_skin) is
    /// ignored): no body can keep an infinite gap.
    pub skin: f32,
    /// The body's layers; only obstacles they interact with stop it.
    pub layers: Layers,
    /// Whether one-way platforms ([`Obstacle::one_way`](crate::Obstacle::one_way)) are
    /// ignored in this call (default `false`): a character dropping down through the platform
    /// it stands on.
    pub drop_through: bool,
}

impl SlideSettings {
    /// The defaults, with `up` as the up direction (normalized; `Vec2::Y` if it cannot be).
    #[must_use]
    pub fn new(up: Vec2) -> Self {
        Self {
            up: up.try_normalize().unwrap_or(Vec2::Y),
            max_slides: 4,
            max_floor_angle: DEFAULT_FLOOR_ANGLE,
            skin: DEFAULT_SKIN,
            layers: Layers::ALL,
            drop_through: false,
        }
    }

    /// The same settings with another slide count.
    #[must_use]
    pub fn with_max_slides(mut self, max_slides: u32) -> Self {
        self.max_slides = max_slides;
        self
    }

    /// The same settings with another floor angle (radians); a non-finite angle is ignored
    /// (the settings keep the one they had), as a NaN would make every surface a wall.
    #[must_use]
    pub fn with_max_floor_angle(mut self, radians: f32) -> Self {
        if radians.is_finite() {
            self.max_floor_angle = radians;
        }
        self
    }

    /// The same settings with another skin; a non-finite skin is ignored (the settings keep
    /// the one they had), as no body can keep an infinite gap.
    #[must_use]
    pub fn with_skin(mut self, skin: f32) -> Self {
        if skin.is_finite() {
            self.skin = skin;
        }
        self
    }

    /// The same settings with these layers.
    #[must_use]
    pub fn with_layers(mut self, layers: Layers) -> Self {
        self.layers = layers;
        self
    }

    /// The same settings, ignoring one-way platforms (`true`) or not.
    #[must_use]
    pub fn with_drop_through(mut self, drop_through: bool) -> Self {
        self.drop_through = drop_through;
        self
    }

    /// Whether `up` is a finite unit vector (within [`UP_TOLERANCE`]).
    pub(crate) fn up_is_valid(&self) -> bool {
        self.up.is_finite() && (self.up.length() - 1.0).abs() <= UP_TOLERANCE
    }

    /// Whether a call can use these settings: `up` a unit vector, and a floor angle within
    /// `0..=π/2` or not finite (then the default).
    pub(crate) fn is_usable(&self) -> bool {
        let angle = self.max_floor_angle;
        let angle_ok = !angle.is_finite() || (0.0..=core::f32::consts::FRAC_PI_2).contains(&angle);
        self.up_is_valid() && angle_ok
    }

    /// What kind of surface a contact with this `normal` (from the body into the obstacle) is.
    #[must_use]
    pub fn surface(&self, normal: Vec2) -> Surface {
        let angle = if self.max_floor_angle.is_finite() {
            self.max_floor_angle
        } else {
            DEFAULT_FLOOR_ANGLE
        };
        // A surface at exactly the floor angle is a floor whatever the rounding of its normal
        // (a 45° tile slope under the default 45°): the cosine is met to within a few ulps.
        let flat = collide_core::math::cos(angle) - FLOOR_ANGLE_ROUNDING;
        let facing = -normal; // the surface's own normal, out of the obstacle
        if facing.dot(self.up) >= flat {
            Surface::Floor
        } else if facing.dot(-self.up) >= flat {
            Surface::Ceiling
        } else {
            Surface::Wall
        }
    }
}

/// How far below the cosine of the floor angle a normal's may round and still count as
/// at that angle.
const FLOOR_ANGLE_ROUNDING: f32 = 8.0 * f32::EPSILON;

/// Which way a surface the body touched faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surface {
    /// Within the floor angle of up: the body can stand on it.
    Floor,
    /// Steeper than a floor and than a ceiling.
    Wall,
    /// Within the floor angle of down.
    Ceiling,
}
