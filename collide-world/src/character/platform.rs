//! Moving platforms, from the character's side: carried by the one it stands on, pushed by
//! those that move into it.

use collide_core::{overlaps, time_of_impact, Motion, Pose};
use glam::Vec2;

use super::body::Body;
use super::view::{Left, Without};
use crate::{Obstacle, Obstacles, SlideSettings};

/// The most obstacles that push one character in one move.
const MAX_PUSHERS: usize = 4;

/// Moves `body` at `position` with the platform `id` (the obstacle it stood on), by the
/// platform's velocity this frame, sliding at what else it meets; returns where it ends and
/// the velocity (zero when the set holds no such obstacle or its velocity is not finite).
///
/// The platform itself is left out of that slide: the two move together.
pub(super) fn carry<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    position: Vec2,
    id: u32,
    obstacles: &O,
    settings: &SlideSettings,
) -> (Vec2, Vec2) {
    let velocity = platform_velocity(obstacles, id);
    if velocity == Vec2::ZERO {
        return (position, Vec2::ZERO);
    }
    let without = Without::new(obstacles, Left::Id(id));
    let carried = body.slide(position, velocity, &without, settings);
    (carried.position, velocity)
}

/// The velocity of obstacle `id` this frame: zero when there is none or it is not finite.
pub(super) fn platform_velocity<O: Obstacles + ?Sized>(obstacles: &O, id: u32) -> Vec2 {
    obstacles
        .obstacle(id)
        .map(|o| o.velocity)
        .filter(|v| v.is_finite())
        .unwrap_or(Vec2::ZERO)
}

/// Pushes `body` at `position` out of each moving obstacle (other than `carrier`) that moved
/// into it this frame, along that obstacle's motion, as far as it came in and a skin more,
/// sliding at what else it meets; returns where it ends.
///
/// A one-way platform pushes only when it came at the body from its solid side (rising into
/// a body above it) and the body was outside it before it moved: one it moves through from
/// below passes as it would when the body moved.
pub(super) fn push_by_movers<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    mut position: Vec2,
    carrier: Option<u32>,
    obstacles: &O,
    settings: &SlideSettings,
) -> Vec2 {
    let mut pushes = [None; MAX_PUSHERS];
    let mut found = 0;
    let pose = Pose::new(position, body.rotation);
    obstacles.near(&body.aabb(position), settings.layers, &mut |o| {
        if found < MAX_PUSHERS && Some(o.id) != carrier {
            if let Some(push) = push_out_of(body, &pose, &o) {
                pushes[found] = Some((o.id, push));
                found += 1;
            }
        }
    });
    for (id, push) in pushes.into_iter().flatten() {
        let skin = body.skin(position, settings);
        let push = push + push.normalize_or_zero() * skin;
        let without = Without::new(obstacles, Left::Id(id));
        position = body.slide(position, push, &without, settings).position;
    }
    position
}

/// How far along its motion the moving obstacle `o` pushed the body at `pose` into itself:
/// `None` when it stands still, does not overlap the body, or is a one-way platform that
/// lets it through.
fn push_out_of(body: &Body<'_>, pose: &Pose, o: &Obstacle<'_>) -> Option<Vec2> {
    let v = o.velocity;
    if v == Vec2::ZERO || !v.is_finite() || !overlaps(body.shape, pose, o.shape, &o.pose) {
        return None;
    }
    let still = Motion::new(pose.position, pose.position, pose.rotation);
    let came = Motion::new(o.pose.position - v, o.pose.position, o.pose.rotation);
    let met = time_of_impact(body.shape, &still, o.shape, &came).map_or(0.0, |i| i.t);
    if let Some(side) = o.one_way {
        if v.dot(side) <= 0.0 || met <= 0.0 {
            return None;
        }
    }
    Some(v * (1.0 - met))
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::{Rect, Rot};

    fn body() -> Body<'static> {
        Body {
            shape: Rect {
                half_extents: Vec2::new(4.0, 8.0),
            }
            .into(),
            rotation: Rot::IDENTITY,
        }
    }

    /// A 40 × 2 plank at `at` that moved by `v`, one-way with its solid side up.
    fn plank(at: Vec2, v: Vec2) -> Obstacle<'static> {
        let r = Rect {
            half_extents: Vec2::new(20.0, 1.0),
        };
        Obstacle::new(1, r, Pose::from_position(at))
            .with_velocity(v)
            .with_one_way(Vec2::Y)
    }

    #[test]
    fn a_one_way_platform_pushes_only_what_it_rises_into_from_below_its_feet() {
        let pose = Pose::from_position(Vec2::new(0.0, 8.0));
        // Rose 3, from below the body's feet (y = 0) to 2 into them: pushed up 2.
        let push = push_out_of(
            &body(),
            &pose,
            &plank(Vec2::new(0.0, 1.0), Vec2::new(0.0, 3.0)),
        );
        let push = push.unwrap();
        assert!((push - Vec2::new(0.0, 2.0)).length() < 1e-4, "{push}");
        // Already inside before it rose: it passes through.
        let through = plank(Vec2::new(0.0, 6.0), Vec2::new(0.0, 3.0));
        assert_eq!(push_out_of(&body(), &pose, &through), None);
        // Sinking onto the body's head from above, or sliding into its side: passes.
        let sinking = plank(Vec2::new(0.0, 15.0), Vec2::new(0.0, -3.0));
        assert_eq!(push_out_of(&body(), &pose, &sinking), None);
        let sliding = plank(Vec2::new(-21.0, 8.0), Vec2::new(5.0, 0.0));
        assert_eq!(push_out_of(&body(), &pose, &sliding), None);
        // The same slide as a solid block pushes it along.
        let solid = Obstacle {
            one_way: None,
            ..sliding
        };
        let push = push_out_of(&body(), &pose, &solid).unwrap();
        assert!((push - Vec2::new(3.0, 0.0)).length() < 1e-4, "{push}");
    }
}
