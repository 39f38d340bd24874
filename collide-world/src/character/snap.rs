//! Looking below a character for a floor to stand on: the snap after a move, and the landing
//! of a step.

use collide_core::Pose;
use glam::Vec2;

use super::body::{across, Body};
use super::view::{Left, Without};
use crate::{Obstacles, SlideContact, SlideSettings, Surface};

/// Moves `body` from `from` straight down by at most `distance`, and answers where it lands
/// and the floor it lands on; `None` (it stays at `from`) when it meets no floor within
/// `distance`, or meets a wall or a ceiling first.
///
/// One-way platforms the body overlaps at `from` are left out, so it never lands on one it is
/// partly inside (passing through it from below). A body that the slide had to push out of
/// something (it started inside) did not land: only a move straight down counts.
pub(super) fn land<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    from: Vec2,
    distance: f32,
    obstacles: &O,
    settings: &SlideSettings,
) -> Option<(Vec2, SlideContact)> {
    let inside = Left::OneWayOverlapping(body.shape, Pose::new(from, body.rotation));
    let view = Without::new(obstacles, inside);
    let down = body.slide(
        from,
        -settings.up * distance,
        &view,
        &settings.with_max_slides(1),
    );
    if down.invalid_input {
        return None;
    }
    let stop = down.contacts().last()?;
    let moved = down.position - from;
    let straight_down = moved.dot(settings.up) <= 0.0
        && across(moved, settings.up).length() <= body.skin(from, settings);
    (straight_down && stop.surface == Surface::Floor).then_some((down.position, *stop))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Obstacle;
    use collide_core::{Rect, Rot};

    const BODY: Rect = Rect {
        half_extents: Vec2::new(4.0, 8.0),
    };

    /// Ground with its top at y = 0 (id 0) and a one-way platform (id 1) from y = 3 to 5.
    fn level() -> [Obstacle<'static>; 2] {
        let ground = Rect {
            half_extents: Vec2::new(100.0, 10.0),
        };
        let plank = Rect {
            half_extents: Vec2::new(20.0, 1.0),
        };
        [
            Obstacle::new(0, ground, Pose::from_position(Vec2::new(0.0, -10.0))),
            Obstacle::new(1, plank, Pose::from_position(Vec2::new(0.0, 4.0))).with_one_way(Vec2::Y),
        ]
    }

    #[test]
    fn a_body_partly_inside_a_one_way_platform_lands_below_it() {
        let level = level();
        let body = Body {
            shape: BODY.into(),
            rotation: Rot::IDENTITY,
        };
        let settings = SlideSettings::new(Vec2::Y);
        // Its bottom at 4, inside the plank: it lands on the ground, 4 below.
        let (at, floor) = land(&body, Vec2::new(0.0, 12.0), 5.0, &level[..], &settings).unwrap();
        assert_eq!(floor.obstacle, 0);
        assert!((at.y - 8.0).abs() < 0.02, "{at}");
        // Wholly above it, it lands on the plank.
        let (at, floor) = land(&body, Vec2::new(0.0, 15.0), 5.0, &level[..], &settings).unwrap();
        assert_eq!(floor.obstacle, 1);
        assert!((at.y - 13.0).abs() < 0.02, "{at}");
        // Nothing within reach: no landing.
        assert!(land(&body, Vec2::new(0.0, 40.0), 5.0, &level[..], &settings).is_none());
    }
}
