//! Getting a body out of the obstacles it overlaps: at the start of a call, and where a step
//! that passed within rounding of an obstacle ends.

use collide_core::{
    contact, overlaps, time_of_impact, Aabb, Contact, Impact, Layers, Motion, Pose, Rot, ShapeRef,
};
use glam::Vec2;

use super::clear_place::nearest_clear_place;
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
        return squeezed;
    }
    // Pushed back and forth with no room at all (a door shut on a body in a corridor as
    // narrow as the door, pressed into the corner of a floor and a wall, buried among tiles):
    // the nearest clear place, within the body's own size, then farther.
    let size = shape
        .aabb(&Pose::new(start, rotation))
        .half_extents
        .max_element();
    let nearest = || {
        [2.0, 4.0, 8.0, 16.0].into_iter().find_map(|times| {
            nearest_clear_place(shape, rotation, start, times * size, obstacles, settings)
        })
    };
    let way_out = nearest();
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

/// Where rounds that got the body out took more than one push, the one move along a face
/// normal that ends clear of everything ([`clear_way_out`]) when it is shorter: pushed out
/// of one obstacle into the next, the rounds go the long way round (a body sunk into a
/// floor of tiles, pushed out of one along the side it shares with the next, and out of
/// that along the next side, ends far along the floor rather than on it).
fn shorter_in_one_move<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    rotation: Rot,
    start: Vec2,
    pushed: (Vec2, [Option<SlideContact>; PUSHES]),
    obstacles: &O,
    settings: &SlideSettings,
) -> (Vec2, [Option<SlideContact>; PUSHES]) {
    if pushed.1[1].is_none() {
        return pushed;
    }
    match clear_way_out(shape, rotation, start, obstacles, settings) {
        Some(way_out) if way_out.position.distance(start) < pushed.0.distance(start) => {
            one_push(way_out)
        }
        _ => pushed,
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

/// The most directions [`clear_way_out`] tries.
const WAYS: usize = 16;

/// The most obstacles [`clear_way_out`] takes a body out of at once.
const OVERLAPPED: usize = 32;

/// One way out of what a body overlaps: along `out`, `far` to touch the last of them it
/// leaves (`id`), touching it as `touch` says (see [`least_way_out`]); `key` (the obstacle
/// whose face gave the way, and the face's place among its faces) orders equal ways.
#[derive(Clone, Copy)]
struct Way {
    out: Vec2,
    far: f32,
    touch: Option<Impact>,
    id: u32,
    key: (u32, usize),
}

impl Way {
    /// Room for a way not found yet.
    const NONE: Way = Way {
        out: Vec2::ZERO,
        far: f32::INFINITY,
        touch: None,
        id: 0,
        key: (0, 0),
    };
}

/// The shortest move out of every obstacle the body at `start` overlaps that ends clear of
/// all of them, a skin beyond the last it leaves, along a face normal of one of them (a
/// circle's: the way from its centre): what the shortest way out is where pushing along each
/// contact in turn goes back and forth, or the long way round. `None` when no such move is
/// clear. Its contact is where the body touches the last obstacle it left, at the end of
/// that move less the skin.
fn clear_way_out<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    rotation: Rot,
    start: Vec2,
    obstacles: &O,
    settings: &SlideSettings,
) -> Option<SlideContact> {
    let pose = Pose::new(start, rotation);
    let mut overlapped = [None; OVERLAPPED];
    let mut count = 0;
    obstacles.near(&shape.aabb(&pose), settings.layers, &mut |o| {
        let pushes = one_way::pushes_out(&o) && overlaps(shape, &pose, o.shape, &o.pose);
        if pushes && count < OVERLAPPED {
            overlapped[count] = Some(o);
            count += 1;
        }
    });
    let overlapped = &overlapped[..count];
    let mut ways = [Way::NONE; WAYS];
    let mut count = 0;
    for o in overlapped.iter().flatten() {
        let mut way = |k: usize, out: Vec2| {
            if count < WAYS {
                if let Some(w) = way_out_of_all(shape, &pose, overlapped, out, (o.id, k)) {
                    ways[count] = w;
                    count += 1;
                }
            }
        };
        match o.shape {
            ShapeRef::Rect(_) => [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y]
                .into_iter()
                .enumerate()
                .for_each(|(k, out)| way(k, out)),
            ShapeRef::Hull(h) => h
                .normals()
                .iter()
                .enumerate()
                .for_each(|(k, n)| way(k, o.pose.rotation.apply(*n))),
            ShapeRef::Circle(_) => way(0, (start - o.pose.position).normalize_or(Vec2::Y)),
        }
    }
    let ways = &mut ways[..count];
    // Shortest first; ties by obstacle id and face, never by the order the set lists them.
    ways.sort_unstable_by(|a, b| a.far.total_cmp(&b.far).then(a.key.cmp(&b.key)));
    ways.iter().find_map(|way| {
        let to = start + way.out * (way.far + settings.skin);
        let clear =
            deepest_overlap(shape, &Pose::new(to, rotation), obstacles, settings.layers).is_none();
        // Where no sweep found the touch (rounding), the face left, across the skin from the
        // body's side toward it.
        let (point, normal) = way.touch.map_or_else(
            || {
                let side = shape.reach(&Pose::new(Vec2::ZERO, rotation), -way.out);
                (to - way.out * (side + settings.skin), -way.out)
            },
            |t: Impact| (t.point, t.normal),
        );
        clear.then(|| SlideContact {
            obstacle: way.id,
            point,
            normal,
            position: to,
            surface: settings.surface(normal),
        })
    })
}

/// The way along `out` out of every obstacle of `overlapped`: as far as the farthest of them
/// needs ([`least_way_out`]), so that the body ends a skin beyond each, not only beyond the
/// one whose face gave the way. Of those it leaves together (to rounding), the touch met most
/// face on is the way's: a box lifted out of two floor tiles stands on the floor, not on the
/// corner of the tile beside. `None` where one of them has no finite way along `out`.
fn way_out_of_all(
    shape: ShapeRef<'_>,
    pose: &Pose,
    overlapped: &[Option<Obstacle<'_>>],
    out: Vec2,
    key: (u32, usize),
) -> Option<Way> {
    let face_on = |touch: &Option<Impact>| touch.map_or(1.0, |t| -t.normal.dot(out));
    let (mut farthest, mut far_all): (Option<Way>, f32) = (None, 0.0);
    for o in overlapped.iter().flatten() {
        let (far, touch) = least_way_out(shape, pose, o, out)?;
        far_all = far_all.max(far);
        let rounding = 8.0 * f32::EPSILON * (pose.position.abs().max_element() + far);
        let better = farthest.is_none_or(|w| {
            far > w.far + rounding
                || (far >= w.far - rounding && face_on(&touch) > face_on(&w.touch))
        });
        if better {
            farthest = Some(Way {
                out,
                far,
                touch,
                id: o.id,
                key,
            });
        }
    }
    farthest.map(|w| Way { far: far_all, ..w })
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
