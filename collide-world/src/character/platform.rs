//! Moving platforms, from the character's side: carried by the one it stands on, pushed by
//! those whose path meets it.

use collide_core::{contact, overlaps, time_of_impact, Impact, Motion, Pose};
use glam::Vec2;

use super::body::Body;
use super::outcome::CharacterMove;
use super::view::{Left, Without, MOST_IDS};
use super::Character;
use crate::slide::least_way_out;
use crate::{Obstacle, Obstacles, SlideSettings};

/// The most obstacles that push one character in one move.
const MAX_PUSHERS: usize = MOST_IDS;

/// How far below a character, in skins along its floor's normal, the platform it stood on may
/// be at the start of a frame for it to stand on it still: it stands a skin above its floor,
/// and rounding may take a little more.
const STILL_ON_SKINS: f32 = 4.0;

/// Where a carry left the character: where it ends, how far it moved, and whether it is
/// still inside the platform, deeper than its skin (crushed against a ceiling by it).
pub(super) struct Carried {
    pub end: Vec2,
    pub by: Vec2,
    pub crushed: bool,
}

/// Moves `body` at `position` with the platform `id` (the obstacle it stands on), by the
/// platform's `velocity` this frame, sliding at what else it meets (not moved when the
/// velocity is not finite). Its path goes into `out`.
///
/// The platform itself is left out of that slide: the two move together. Where something
/// else stops the body short of the platform's motion, the platform moves on under it and
/// may end in it (a slanted foot resting on the platform's corner, held by a wall while the
/// corner slides in under it): then it lifts the body along `up` just clear of it, or as far
/// as a ceiling lets it, crushed.
pub(super) fn carry<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    position: Vec2,
    (id, velocity): (u32, Vec2),
    obstacles: &O,
    settings: &SlideSettings,
    out: &mut CharacterMove,
) -> Carried {
    let mut carried = Carried {
        end: position,
        by: Vec2::ZERO,
        crushed: false,
    };
    if velocity == Vec2::ZERO || !velocity.is_finite() {
        return carried;
    }
    let without = Without::new(obstacles, Left::Id(id));
    let slid = body.slide(position, velocity, &without, settings);
    // The path bends where the slide did: a carry stopped under a ceiling, then lifted clear
    // of the platform, went round the ceiling's corner, not straight through it.
    out.pass_along(&slid);
    carried.end = slid.position;
    // Met nothing: carried by the platform's velocity, not by a difference of rounded
    // positions.
    carried.by = match slid.contacts().is_empty() {
        true => velocity,
        false => slid.position - position,
    };
    let Some(platform) = obstacles.obstacle(id) else {
        return carried;
    };
    if let Some(lift) = lift_off(body, slid.position, &platform, settings) {
        let lifted = body.slide(slid.position, lift, &without, settings);
        out.pass_along(&lifted);
        carried.end = lifted.position;
        carried.by = lifted.position - position;
        carried.crushed = crushed_by(body, lifted.position, &platform, settings);
    }
    carried
}

/// The move along `settings.up` that takes `body` at `at` just clear of the platform `o` it
/// overlaps (a skin beyond it), if it overlaps it.
fn lift_off(body: &Body<'_>, at: Vec2, o: &Obstacle<'_>, settings: &SlideSettings) -> Option<Vec2> {
    let pose = Pose::new(at, body.rotation);
    if !overlaps(body.shape, &pose, o.shape, &o.pose) {
        return None;
    }
    let (lift, _) = least_way_out(body.shape, &pose, o, settings.up)?;
    Some(settings.up * (lift + body.skin(at, settings)))
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
        let skin = body.skin(position, settings);
        let Some((_, push)) = push_out_of(body, &pose, &o, skin) else {
            continue;
        };
        let push = push + push.normalize_or_zero() * skin;
        position = body.slide(position, push, &movers, settings).position;
    }
    let crushing = pushes.map(|p| {
        p.filter(|(_, o)| crushed_by(body, position, o, settings))
            .map(|(_, o)| o.id)
    });
    (position, crushing)
}

impl Character {
    /// A move through a set where something moves, the platform it leaves (see
    /// [`leaving`](Character::leaving)) left out. Where that move ends inside that platform
    /// (the jump did not leave it: a ceiling held it down and its walk went on into the
    /// platform), the move is made again as one that stays on the platform.
    pub(super) fn move_among_movers<O: Obstacles + ?Sized>(&mut self, travel: Vec2, solid: &O) {
        let leaving = self.leaving(travel, solid);
        let memory = (
            self.position,
            self.on_floor,
            self.floor_normal,
            self.platform,
            self.platform_velocity,
        );
        self.move_leaving(travel, solid, leaving);
        let Some(o) = leaving.and_then(|id| solid.obstacle(id)) else {
            return;
        };
        let (body, settings) = (self.body(), &self.settings.slide);
        if o.one_way.is_none() && crushed_by(&body, self.position, &o, settings) {
            (
                self.position,
                self.on_floor,
                self.floor_normal,
                self.platform,
                self.platform_velocity,
            ) = memory;
            self.move_leaving(travel, solid, None);
        }
    }

    /// A move through `solid` without the platform it leaves, if any, nor the moving one-way
    /// platforms it was partly inside of before they moved.
    fn move_leaving<O: Obstacles + ?Sized>(
        &mut self,
        travel: Vec2,
        solid: &O,
        leaving: Option<u32>,
    ) {
        // A copy: the move changes the character while the view holds the shape.
        let shape = self.shape;
        let left = Left::Moving {
            leaving,
            shape: shape.as_shape_ref(),
            before: Pose::new(self.position, self.rotation),
        };
        self.move_through(travel, &Without::new(solid, left));
    }
}

/// Whether `body` at `position` is still inside the mover `o`, deeper than its skin: crushed
/// by it against something. One it is within its skin of (a push along a mover's motion
/// leaves an overlap across it as it was, to the rounding) stays in the way of the rest of
/// the move.
fn crushed_by(body: &Body<'_>, position: Vec2, o: &Obstacle<'_>, settings: &SlideSettings) -> bool {
    let pose = Pose::new(position, body.rotation);
    let skin = body.skin(position, settings);
    contact(body.shape, &pose, o.shape, &o.pose).is_some_and(|c| c.depth > skin)
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
    let skin = body.skin(position, settings);
    obstacles.movers_near(&body.aabb(position), settings.layers, &mut |o| {
        // Dropping through one-way platforms, a rising one passes it as a still one would.
        let passes = settings.drop_through && o.one_way.is_some();
        if Some(o.id) != carrier && !passes {
            if let Some((met, _)) = push_out_of(body, &pose, &o, skin) {
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
/// it stands still, its path never met the body, it was inside the body (deeper than `skin`)
/// before it moved and ends clear of it (it moved off), or it is a one-way platform that lets
/// the body through.
fn push_out_of(body: &Body<'_>, pose: &Pose, o: &Obstacle<'_>, skin: f32) -> Option<(f32, Vec2)> {
    let v = o.velocity;
    if v == Vec2::ZERO || !v.is_finite() {
        return None;
    }
    let still = Motion::new(pose.position, pose.position, pose.rotation);
    let came = Motion::new(o.pose.position - v, o.pose.position, o.pose.rotation);
    let met = time_of_impact(body.shape, &still, o.shape, &came);
    let inside = || overlaps(body.shape, pose, o.shape, &o.pose);
    let met = match met {
        Some(i) if i.t > 0.0 || inside() || came_in(body, pose, o, &came, &i, skin) => i.t,
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

/// Whether a mover that met the body at the start of its path (`impact`, at `t = 0`) came into
/// it from outside: it touched the body there, or overlapped it by no more than `skin` (the
/// rounding of far coordinates), and moved into it. A mover that started touching and passed wholly through the body in one frame
/// pushes it; one that started inside it and moved off does not.
fn came_in(
    body: &Body<'_>,
    pose: &Pose,
    o: &Obstacle<'_>,
    came: &Motion,
    impact: &Impact,
    skin: f32,
) -> bool {
    // The normal points from the body into the mover: a mover coming at it moves against it.
    impact.normal.dot(o.velocity) < 0.0
        && contact(body.shape, pose, o.shape, &came.start_pose()).is_none_or(|c| c.depth <= skin)
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::{Rect, Rot};

    const SKIN: f32 = 0.01;

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
            SKIN,
        );
        let (_, push) = push.unwrap();
        assert!((push - Vec2::new(0.0, 2.0)).length() < 1e-4, "{push}");
        // Already inside before it rose: it passes through.
        let through = plank(Vec2::new(0.0, 6.0), Vec2::new(0.0, 3.0));
        assert_eq!(push_out_of(&body(), &pose, &through, SKIN), None);
        // Sinking onto the body's head from above, or sliding into its side: passes.
        let sinking = plank(Vec2::new(0.0, 15.0), Vec2::new(0.0, -3.0));
        assert_eq!(push_out_of(&body(), &pose, &sinking, SKIN), None);
        let sliding = plank(Vec2::new(-21.0, 8.0), Vec2::new(5.0, 0.0));
        assert_eq!(push_out_of(&body(), &pose, &sliding, SKIN), None);
        // The same slide as a solid block pushes it along.
        let solid = Obstacle {
            one_way: None,
            ..sliding
        };
        let (_, push) = push_out_of(&body(), &pose, &solid, SKIN).unwrap();
        assert!((push - Vec2::new(3.0, 0.0)).length() < 1e-4, "{push}");
    }

    #[test]
    fn a_mover_touching_at_the_start_pushes_and_one_inside_that_moves_off_does_not() {
        let pose = Pose::from_position(Vec2::new(0.0, 8.0));
        let solid = |at: Vec2, v: Vec2| Obstacle {
            one_way: None,
            ..plank(at, v)
        };
        // Its top touched the feet (y = 0) and it rose 20, wholly through the body: the
        // whole rise pushes it.
        let through = solid(Vec2::new(0.0, 19.0), Vec2::new(0.0, 20.0));
        let (met, push) = push_out_of(&body(), &pose, &through, SKIN).unwrap();
        assert_eq!((met, push), (0.0, Vec2::new(0.0, 20.0)));
        // Inside the body by 2 at the start and moved up 20, off it: no push.
        let off = solid(Vec2::new(0.0, 21.0), Vec2::new(0.0, 20.0));
        assert_eq!(push_out_of(&body(), &pose, &off, SKIN), None);
        // Touching, and moved away (down): no push either.
        let away = solid(Vec2::new(0.0, -21.0), Vec2::new(0.0, -20.0));
        assert_eq!(push_out_of(&body(), &pose, &away, SKIN), None);
    }
}
