//! How a [`Character`](super::Character) moves: the slide's settings and what a character adds
//! to them (snap, step, slopes), and the check that refuses settings no move could honour.

use core::f32::consts::FRAC_PI_2;

use glam::Vec2;

use crate::{Error, SlideSettings};

/// How a [`Character`](super::Character) moves.
///
/// Lengths are in the units of the level and of the travel given to
/// [`Character::move_by`](super::Character::move_by) (per frame). The builder methods do not
/// check their input; [`Character::new`](super::Character::new) and
/// [`Character::set_settings`](super::Character::set_settings) do ([`validate`](Self::validate)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CharacterSettings {
    /// The settings of each slide: `up`, `max_slides`, `max_floor_angle` (floor or wall),
    /// `skin` and `layers`.
    pub slide: SlideSettings,
    /// How far below it a character that was on the floor, and is not moving up, looks for the
    /// floor again after a move that left it in the air (over a crest, down a slope, down a
    /// step). `0` (the default) turns the snap off, because the length that fits depends on
    /// the level's scale and the speed: to stay on a slope of angle `a` walking `s` a frame,
    /// it needs at least `s · tan(a)`, and to walk down steps, their height.
    pub snap_length: f32,
    /// The tallest ledge a character walking on the floor climbs onto in the same move, if
    /// there is room above it and floor to land on. `0` (the default) turns stepping off.
    ///
    /// A step lifts the character by at most this much and lands only on a floor. A
    /// flat-bottomed body lands on the ledge's top. A round or slanted one (a circle, a
    /// hexagon) lands on the ledge's edge; where its travel across leaves the edge under its
    /// side rather than under it (a slow walk), the step carries it on across by the little
    /// more that puts the edge within half the floor angle below it, so it steps in the move
    /// that meets the ledge whatever its speed. It may rest on the edge of a ledge a little
    /// taller than this, its centre lifted by no more than this.
    pub max_step_height: f32,
    /// A character on a floor slope whose travel goes straight down (gravity and no
    /// horizontal intent) stays where it is instead of sliding down the slope (default
    /// `true`). Straight down is within about half a degree: a part across `up` of at most
    /// a hundredth of the travel's length (as Godot's `floor_stop_on_slope` judges it) is no
    /// walk, on a slope or a flat floor alike, so a fall of 101 with a walk of 1 stays put.
    pub stop_on_slope: bool,
    /// A character walking on a floor slope covers the horizontal distance it is asked for,
    /// uphill and downhill alike, its travel redirected along the floor (default `false`:
    /// the slide takes the part of the travel that goes into an uphill slope, so it is slower
    /// uphill). Redirected up a slope that ends in a sharp crest, a fast walk goes on past it
    /// into the air; the snap then reaches down as far again as the move rose, so the walk
    /// comes down onto the far side (a ledge at the top of a slope may then be snapped down
    /// by up to that much more than [`snap_length`](Self::snap_length)).
    pub constant_speed_on_slopes: bool,
}

impl CharacterSettings {
    /// The defaults, with `up` as the up direction (normalized): no snap, no step, stop on
    /// slopes, no constant speed. An `up` that cannot be normalized (zero, not finite) is kept
    /// as given, so that [`validate`](Self::validate) and `Character::new` refuse it
    /// ([`Error::InvalidUp`]), where [`SlideSettings::new`] would make it `Vec2::Y`.
    #[must_use]
    pub fn new(up: Vec2) -> Self {
        // An `up` that cannot be normalized stays as it is, for `validate` to refuse: a
        // y-down game's zero or NaN is not quietly made y-up.
        let mut slide = SlideSettings::new(up);
        slide.up = up.try_normalize().unwrap_or(up);
        Self {
            slide,
            snap_length: 0.0,
            max_step_height: 0.0,
            stop_on_slope: true,
            constant_speed_on_slopes: false,
        }
    }

    /// The same settings with another snap length (`0`: off).
    #[must_use]
    pub fn with_snap_length(mut self, length: f32) -> Self {
        self.snap_length = length;
        self
    }

    /// The same settings with another step height (`0`: off).
    #[must_use]
    pub fn with_max_step_height(mut self, height: f32) -> Self {
        self.max_step_height = height;
        self
    }

    /// The same settings, stopping on slopes or not.
    #[must_use]
    pub fn with_stop_on_slope(mut self, stop: bool) -> Self {
        self.stop_on_slope = stop;
        self
    }

    /// The same settings, with constant speed on slopes or not.
    #[must_use]
    pub fn with_constant_speed_on_slopes(mut self, constant: bool) -> Self {
        self.constant_speed_on_slopes = constant;
        self
    }

    /// The same settings with these slide settings.
    #[must_use]
    pub fn with_slide(mut self, slide: SlideSettings) -> Self {
        self.slide = slide;
        self
    }

    /// Whether a character can move by these settings.
    ///
    /// # Errors
    /// - [`Error::InvalidUp`]: `slide.up` not a finite unit vector;
    /// - [`Error::InvalidMaxSlides`]: `slide.max_slides` zero;
    /// - [`Error::InvalidFloorAngle`]: `slide.max_floor_angle` NaN, infinite, or outside
    ///   `0..=π/2`;
    /// - [`Error::InvalidSkin`]: `slide.skin` NaN, infinite or negative;
    /// - [`Error::InvalidSnapLength`], [`Error::InvalidStepHeight`]: NaN, infinite or
    ///   negative.
    pub fn validate(&self) -> Result<(), Error> {
        let s = &self.slide;
        if !s.up_is_valid() {
            return Err(Error::InvalidUp);
        }
        if s.max_slides == 0 {
            return Err(Error::InvalidMaxSlides);
        }
        if !(0.0..=FRAC_PI_2).contains(&s.max_floor_angle) {
            return Err(Error::InvalidFloorAngle);
        }
        if !is_length(s.skin) {
            return Err(Error::InvalidSkin);
        }
        if !is_length(self.snap_length) {
            return Err(Error::InvalidSnapLength);
        }
        if !is_length(self.max_step_height) {
            return Err(Error::InvalidStepHeight);
        }
        Ok(())
    }
}

/// A finite length, zero or more (`false` for NaN).
fn is_length(x: f32) -> bool {
    x.is_finite() && x >= 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bad_setting_has_its_own_error() {
        let good = CharacterSettings::new(Vec2::Y);
        assert_eq!(good.validate(), Ok(()));
        let mut up = good;
        up.slide.up = Vec2::new(0.0, 2.0);
        assert_eq!(up.validate(), Err(Error::InvalidUp));
        let mut angle = good;
        angle.slide.max_floor_angle = f32::NAN;
        assert_eq!(angle.validate(), Err(Error::InvalidFloorAngle));
        for bad in [-1.0, f32::NAN, f32::INFINITY] {
            let mut skin = good;
            skin.slide.skin = bad;
            assert_eq!(skin.validate(), Err(Error::InvalidSkin));
        }
        for bad in [-1.0, f32::NAN, f32::INFINITY] {
            let snap = good.with_snap_length(bad).validate();
            assert_eq!(snap, Err(Error::InvalidSnapLength));
            let step = good.with_max_step_height(bad).validate();
            assert_eq!(step, Err(Error::InvalidStepHeight));
        }
    }
}
