//! Moving platforms, from the character's side: carried by the one it stands on, pushed by
//! those whose path meets it.

use collide_core::{overlaps, time_of_impact, Motion, Pose};
use glam::Vec2;

use super::body::Body;
use super::view::{Left, Without, MOST_IDS};
use crate::{Obstacle, Obstacles, SlideSettings};

/// The most obstacles that push one character in one move.
const MAX_PUSHERS: usize = MOST_IDS;

/// How far below a character, in skins along its floor's normal, the platform it stood on may
/// be at the start of a frame for it to stand on it still: it stands a skin above its floor,
/// and rounding may take a little more.
const STILL_ON_SKINS: f32 = 4.0;

/// Moves `body` at `position` with the platform `id` (the obstacle it stands on), by the
/// platform's `velocity` this frame, sliding at what else it meets; returns where it ends and
/// the velocity (zero when it is not finite).
///
/// The platform itself is left out of that slide: the two move together.
pub(super) fn carry<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    position: Vec2,
    (id, velocity): (u32, Vec2),
    obstacles: &O,
    settings: &SlideSettings,
) -> (Vec2, Vec2) {
    if velocity == Vec2::ZERO || !velocity.is_finite() {
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
        .map_or(Vec2::ZERO, |o| finite(o.velocity))
}

/// `v`, or zero when it is not finite.
pub(super) fn finite(v: Vec2) -> Vec2 {
    if v.is_finite() {
        v
    } else {
        Vec2::ZERO
    }
}

/// Whether `body` at `position`, on a floor whose normal is `floor`, still stands on the
/// obstacle `o` at the start of this frame: `o` where it stood before it moved (its pose less
/// its velocity) lies within a few skins below the body. An id a removed platform left to
/// another body, or a platform the game put elsewhere, is not stood on.
pub(super) fn stands_on(
    body: &Body<'_>,
    position: Vec2,
    floor: Vec2,
    o: &Obstacle<'_>,
    settings: &SlideSettings,
) -> bool {
    let was = Pose::new(o.pose.position - finite(o.velocity), o.pose.rotation);
    let reach = STILL_ON_SKINS * body.skin(position, settings);
    let lowered = Pose::new(position - floor * reach, body.rotation);
    overlaps(body.shape, &lowered, o.shape, &was)
}

/// Pushes `body` at `position` out of the way of each moving obstacle (other than `carrier`)
/// whose path this frame met it, along that obstacle's motion, by the part of it left after
/// they met and a skin more, sliding at what else it meets; returns where it ends. A mover
/// that passed wholly through the body in one frame pushes it as one that stopped in it.
///
/// A one-way platform pushes only when it came at the body from its solid side (rising into
/// a body above it) and the body was outside it before it moved: one it moves through from
/// below passes as it would when the body moved, and so does any while the body drops
/// through them ([`SlideSettings::drop_through`]). Also answers the movers the body is still
/// inside of where it ends: crushed against something that stopped the push.
pub(super) fn push_by_movers<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    mut position: Vec2,
    carrier: Option<u32>,
    obstacles: &O,
    settings: &SlideSettings,
) -> (Vec2, [Option<u32>; MAX_PUSHERS]) {
    let pushes = pushers(body, position, carrier, obstacles, settings);
    // The movers leave their end poses as the body is pushed: none stops another's push.
    let movers = Without::new(obstacles, Left::Ids(pushes.map(|p| p.map(|(_, o)| o.id))));
    for (_, o) in pushes.into_iter().flatten() {
        // Pushed on by an earlier mover, the body may be clear of this one's path now.
        let pose = Pose::new(position, body.rotation);
        let Some((_, push)) = push_out_of(body, &pose, &o) else {
            continue;
        };
        let skin = body.skin(position, settings);
        let push = push + push.normalize_or_zero() * skin;
        position = body.slide(position, push, &movers, settings).position;
    }
    // A mover the body is still inside of crushed it against something.
    let pose = Pose::new(position, body.rotation);
    let crushing = pushes.map(|p| {
        p.filter(|(_, o)| overlaps(body.shape, &pose, o.shape, &o.pose))
            .map(|(_, o)| o.id)
    });
    (position, crushing)
}

/// A mover that met the body: when (a fraction of the frame), and the mover.
type Pusher<'s> = (f32, Obstacle<'s>);

/// The movers (other than `carrier`) that met `body` at `position` this frame, at most
/// [`MAX_PUSHERS`]: the earliest to meet it, in the order they met it (then by id).
fn pushers<'s, O: Obstacles + ?Sized>(
    body: &Body<'_>,
    position: Vec2,
    carrier: Option<u32>,
    obstacles: &'s O,
    settings: &SlideSettings,
) -> [Option<Pusher<'s>>; MAX_PUSHERS] {
    let mut pushes = [None; MAX_PUSHERS];
    let pose = Pose::new(position, body.rotation);
    obstacles.movers_near(&body.aabb(position), settings.layers, &mut |o| {
        // Dropping through one-way platforms, a rising one passes it as a still one would.
        let passes = settings.drop_through && o.one_way.is_some();
        if Some(o.id) != carrier && !passes {
            if let Some((met, _)) = push_out_of(body, &pose, &o) {
                keep_earliest(&mut pushes, (met, o));
            }
        }
    });
    pushes
}

/// Puts `pusher` in its place in `pushes` (earliest first, the empty places last), dropping
/// the latest when they are full.
fn keep_earliest<'s>(pushes: &mut [Option<Pusher<'s>>], pusher: Pusher<'s>) {
    let key = |(t, o): &Pusher<'_>| (*t, o.id);
    let later = |p: &Option<Pusher<'_>>| p.as_ref().is_none_or(|p| key(p) > key(&pusher));
    if let Some(at) = pushes.iter().position(later) {
        pushes[at..].rotate_right(1);
        pushes[at] = Some(pusher);
    }
}

/// When the moving obstacle `o` met the body at `pose` (a fraction of the frame) and how far
/// along its motion it pushes the body (the part of its motion after they met): `None` when
/// it stands still, its path never met the body, it was inside the body before it moved and
/// ends clear of it (it moved off), or it is a one-way platform that lets the body through.
fn push_out_of(body: &Body<'_>, pose: &Pose, o: &Obstacle<'_>) -> Option<(f32, Vec2)> {
    let v = o.velocity;
    if v == Vec2::ZERO || !v.is_finite() {
        return None;
    }
    let still = Motion::new(pose.position, pose.position, pose.rotation);
    let came = Motion::new(o.pose.position - v, o.pose.position, o.pose.rotation);
    let met = time_of_impact(body.shape, &still, o.shape, &came).map(|i| i.t);
    let inside = || overlaps(body.shape, pose, o.shape, &o.pose);
    let met = match met {
        Some(t) if t > 0.0 || inside() => t,
        // Rounding may hide the meeting of one that ends inside the body.
        None if inside() => 0.0,
        _ => return None,
    };
    if let Some(side) = o.one_way {
        if v.dot(side) <= 0.0 || met <= 0.0 {
            return None;
        }
    }
    Some((met, v * (1.0 - met)))
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

    /// The pushers are kept earliest first (then by id), the latest dropped when full.
    #[test]
    fn the_earliest_pushers_are_kept_in_order() {
        let mut pushes = [None; MAX_PUSHERS];
        for (t, id) in [(0.5, 3), (0.9, 1), (0.1, 9), (0.5, 2), (0.95, 0), (0.0, 4)] {
            keep_earliest(
                &mut pushes,
                (
                    t,
                    Obstacle {
                        id,
                        ..plank(Vec2::ZERO, Vec2::X)
                    },
                ),
            );
        }
        let kept: Vec<_> = pushes.iter().flatten().map(|p| (p.0, p.1.id)).collect();
        assert_eq!(kept, [(0.0, 4), (0.1, 9), (0.5, 2), (0.5, 3)]);
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
        let (_, push) = push.unwrap();
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
        let (_, push) = push_out_of(&body(), &pose, &solid).unwrap();
        assert!((push - Vec2::new(3.0, 0.0)).length() < 1e-4, "{push}");
    }
}
