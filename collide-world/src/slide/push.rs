//! Getting a body out of the obstacles it overlaps: at the start of a call, and where a step
//! that passed within rounding of an obstacle ends.

use collide_core::{
    contact, overlaps, time_of_impact, Aabb, Contact, Impact, Layers, Motion, Pose, Rot, ShapeRef,
};
use glam::Vec2;

use super::clear_place::{nearer_clear_place, nearest_clear_place};
use super::one_way;
use super::outcome::SlideContact;
use super::settings::SlideSettings;
use crate::{Obstacle, Obstacles};

/// Where a body whose step ends at `end` is left, checked there because its path passed
/// within rounding of an obstacle it did not stop at: the rounding of `end` alone can put it
/// inside (far from the origin, a step along a slanted face can lose the part of it that
/// goes across the face). Inside, it is pushed out as at the start of a call (the contacts
/// of that come back); `None` when it is still inside after that.
pub(super) fn settle<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    rotation: Rot,
    end: Vec2,
    obstacles: &O,
    settings: &SlideSettings,
) -> Option<(Vec2, [Option<SlideContact>; PUSHES])> {
    let (out, pushes) = push_out(shape, rotation, end, obstacles, settings);
    let pushed = pushes[0].is_some();
    let still_inside =
        || deepest_overlap(shape, &Pose::new(out, rotation), obstacles, settings.layers).is_some();
    (!pushed || !still_inside()).then_some((out, pushes))
}

/// Where a body at `start`, stopped at once closer to a surface than the skin, rests after
/// backing off by `back_off` (along the surface's normal, out of it): there, unless that puts
/// it inside another obstacle (a gap narrower than the body and its skins), where it stays at
/// `start`, apart from everything still.
pub(super) fn back_off_to_skin<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    rotation: Rot,
    start: Vec2,
    back_off: Vec2,
    obstacles: &O,
    settings: &SlideSettings,
) -> Vec2 {
    let to = start + back_off;
    let blocked = deepest_overlap(shape, &Pose::new(to, rotation), obstacles, settings.layers);
    if blocked.is_some() {
        start
    } else {
        to
    }
}

/// How many rounds [`push_out`] takes at most.
pub(super) const PUSHES: usize = 4;

/// Pushes a body that starts inside obstacles out along each contact's shortest way (a skin
/// beyond), [`PUSHES`] rounds at most; returns where it ends and those contacts, in order.
///
/// The contacts come back rather than into the call's [`Slide`], which then never leaves
/// `move_and_slide` by reference and is built where its caller keeps it (no copy of it on
/// return).
pub(super) fn push_out<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    rotation: Rot,
    start: Vec2,
    obstacles: &O,
    settings: &SlideSettings,
) -> (Vec2, [Option<SlideContact>; PUSHES]) {
    let pushed = push_rounds(shape, rotation, start, obstacles, settings, settings.skin);
    let inside = |(at, pushes): &(Vec2, [Option<SlideContact>; PUSHES])| {
        pushes[PUSHES - 1].is_some()
            && deepest_overlap(shape, &Pose::new(*at, rotation), obstacles, settings.layers)
                .is_some()
    };
    if !inside(&pushed) {
        return shorter_in_one_move(shape, rotation, start, pushed, obstacles, settings);
    }
    // Pushed back and forth between two obstacles closer than the body and two skins (a
    // mover that pushed the body to a skin from a wall, and left it inside by less than a
    // skin): pushed by the depths alone, it fits between them, touching both.
    let rounding = 8.0 * f32::EPSILON * start.abs().max_element();
    let squeezed = push_rounds(shape, rotation, start, obstacles, settings, rounding);
    if !inside(&squeezed) {
        return shorter_in_one_move(shape, rotation, start, squeezed, obstacles, settings);
    }
    // Pushed back and forth with no room at all (a door shut on a body in a corridor as
    // narrow as the door, pressed into the corner of a floor and a wall, buried among tiles):
    // the nearest clear place, within the body's own size, then farther.
    let size = shape.aabb(&Pose::new(start, rotation)).half_extents;
    let way_out = [2.0, 4.0, 8.0, 16.0].into_iter().find_map(|times| {
        let reach = times * size.max_element();
        nearest_clear_place(shape, rotation, start, reach, obstacles, settings)
    });
    match way_out {
        Some(way_out) => one_push(way_out),
        // No way out: wherever it is least deep in what stands still, then least deep in
        // anything, which may be where it was (the rounds can end deeper than they began,
        // pressed between a mover and a floor).
        None => {
            let layers = settings.layers;
            let stayed = (start, [None; PUSHES]);
            [pushed, squeezed, stayed]
                .map(|c| {
                    (
                        depths(shape, &Pose::new(c.0, rotation), obstacles, layers),
                        c,
                    )
                })
                .into_iter()
                .reduce(|best, other| if other.0 < best.0 { other } else { best })
                .map_or(pushed, |(_, c)| c)
        }
    }
}

/// Where rounds got the body out, the nearest clear place ([`nearer_clear_place`]) when it
/// is nearer, or as near and the rounds' end is not a skin clear: pushed out of one obstacle
/// into the next, the rounds go the long way round (a body sunk into a floor of tiles, pushed
/// out of one along the side it shares with the next, and out of that along the next side,
/// ends far along the floor rather than on it), out of the deepest alone they may leave by its
/// far side where its near one is clear, and out of a tile's corner at a seam of a flat floor
/// they leave the body a hair above the next tile, on a slant.
fn shorter_in_one_move<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    rotation: Rot,
    start: Vec2,
    pushed: (Vec2, [Option<SlideContact>; PUSHES]),
    obstacles: &O,
    settings: &SlideSettings,
) -> (Vec2, [Option<SlideContact>; PUSHES]) {
    if pushed.1[0].is_none() {
        return pushed;
    }
    match nearer_clear_place(shape, rotation, start, pushed.0, obstacles, settings) {
        Some(way_out) => one_push(way_out),
        None => pushed,
    }
}

/// The push of one contact.
fn one_push(contact: SlideContact) -> (Vec2, [Option<SlideContact>; PUSHES]) {
    let mut pushes = [None; PUSHES];
    pushes[0] = Some(contact);
    (contact.position, pushes)
}

/// [`PUSHES`] rounds at most of pushing the body at `position` out of the obstacle it
/// overlaps most, along the contact's normal, by the depth and `beyond`.
fn push_rounds<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    rotation: Rot,
    mut position: Vec2,
    obstacles: &O,
    settings: &SlideSettings,
    beyond: f32,
) -> (Vec2, [Option<SlideContact>; PUSHES]) {
    let mut pushes = [None; PUSHES];
    for push in &mut pushes {
        let pose = Pose::new(position, rotation);
        let deepest = deepest_overlap(shape, &pose, obstacles, settings.layers);
        let Some((obstacle, c)) = deepest.filter(|(_, c)| c.depth > 0.0) else {
            break;
        };
        position -= c.normal * (c.depth + beyond);
        *push = Some(SlideContact {
            obstacle,
            point: c.point,
            normal: c.normal,
            position,
            surface: settings.surface(c.normal),
        });
    }
    // Each contact is where the rounds left the body: a round's own end may lie within a
    // skin inside what the next round pushes it out of, and a path through it would cut it.
    for push in pushes.iter_mut().flatten() {
        push.position = position;
    }
    (position, pushes)
}

/// How far the body `shape` at `pose`, overlapping the obstacle `o`, must move along the unit
/// vector `out` to touch it and no more, and how they touch there (`None` where no sweep
/// found it: to the rounding of the coordinates, the whole way past `o` along `out`). `None`
/// when that way is not finite.
///
/// Found as where the body, put wholly beyond `o` along `out` and brought back, first meets
/// it: a body caught on a corner goes only as far as clears the corner, not as far as clears
/// the face along `out`.
pub(crate) fn least_way_out(
    shape: ShapeRef<'_>,
    pose: &Pose,
    o: &Obstacle<'_>,
    out: Vec2,
) -> Option<(f32, Option<Impact>)> {
    let far = o.shape.reach(&o.pose, out) + shape.reach(pose, -out);
    if !far.is_finite() {
        return None;
    }
    let beyond = pose.position + out * far;
    let back = Motion::new(beyond, pose.position, pose.rotation);
    let still = Motion::new(o.pose.position, o.pose.position, o.pose.rotation);
    match time_of_impact(shape, &back, o.shape, &still) {
        Some(met) => Some((far * (1.0 - met.t), Some(met))),
        None => Some((far, None)),
    }
}

/// How deep the body at `pose` is in the obstacles that stand still, at most, and in any.
fn depths<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    pose: &Pose,
    obstacles: &O,
    layers: Layers,
) -> (f32, f32) {
    let (mut still, mut any) = (0.0_f32, 0.0_f32);
    pushing_out_near(shape, pose, obstacles, layers, |o| {
        if let Some(c) = contact(shape, pose, o.shape, &o.pose) {
            any = any.max(c.depth);
            if o.velocity == Vec2::ZERO {
                still = still.max(c.depth);
            }
        }
    });
    (still, any)
}

/// The obstacle that the body at `pose` overlaps most deeply, and their contact.
fn deepest_overlap<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    pose: &Pose,
    obstacles: &O,
    layers: Layers,
) -> Option<(u32, Contact)> {
    let mut deepest: Option<(u32, Contact)> = None;
    pushing_out_near(shape, pose, obstacles, layers, |o| {
        if !overlaps(shape, pose, o.shape, &o.pose) {
            return;
        }
        if let Some(c) = contact(shape, pose, o.shape, &o.pose) {
            if deepest.is_none_or(|(_, d)| c.depth > d.depth) {
                deepest = Some((o.id, c));
            }
        }
    });
    deepest
}

/// Visits the obstacles near the body at `pose` that push a body out of them (see
/// [`one_way::pushes_out`]).
fn pushing_out_near<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    pose: &Pose,
    obstacles: &O,
    layers: Layers,
    mut visit: impl FnMut(Obstacle<'_>),
) {
    obstacles.near(&near_bounds(shape, pose), layers, &mut |o| {
        if one_way::pushes_out(&o) {
            visit(o);
        }
    });
}

/// The box to look for what the body at `pose` overlaps in: its own, grown by a few roundings
/// of its coordinates (a turned hull's box rounds on its own, and can miss by an ulp or two
/// an obstacle that the hull overlaps by as much).
fn near_bounds(shape: ShapeRef<'_>, pose: &Pose) -> Aabb {
    let bounds = shape.aabb(pose);
    let reach = bounds.min().abs().max(bounds.max().abs()).max_element();
    bounds.grown(8.0 * f32::EPSILON * reach)
}
