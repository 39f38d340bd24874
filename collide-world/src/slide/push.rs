//! Getting a body out of the obstacles it overlaps: at the start of a call, and where a step
//! that passed within rounding of an obstacle ends.

use collide_core::{
    contact, distance, overlaps, time_of_impact, Aabb, Contact, Impact, Layers, Motion, Pose, Rot,
    ShapeRef,
};
use glam::Vec2;

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
    // narrow as the door): the shortest way out that is clear of everything, if one is.
    match clear_way_out(shape, rotation, start, obstacles, settings, 1) {
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

/// Where the body overlapped more than one obstacle, or took more than one push, the one move
/// along a face normal that ends clear of everything ([`clear_way_out`]) when it is shorter
/// than the rounds' pushes: pushed out of one obstacle at a time, a body sunk into a floor of
/// tiles goes out of the first along the side it shares with the next, or across a corner
/// that the next covers, and ends far along the floor or above it rather than on it; pushed
/// out of one into another, it goes the long way round.
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
    // One push out of one obstacle is the shortest way out of it.
    let at_least = if pushed.1[1].is_some() { 1 } else { 2 };
    match clear_way_out(shape, rotation, start, obstacles, settings, at_least) {
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
        let deepest = deepest_push(shape, &pose, obstacles, settings.layers);
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

/// One way out of what a body overlaps: along `out`, `far` to touch the last of them it
/// leaves (`id`), touching it as `touch` says (see [`least_way_out`]); `key` (the obstacle
/// whose face gave the way first, and the face's place among its faces) orders equal ways.
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
/// circle's: the way from its centre) or away from one of the body's own faces: what the shortest way out is where pushing along each
/// contact in turn goes back and forth, or the long way round. `None` when no such move is
/// clear, or when the body overlaps fewer than `at_least` obstacles. Its contact is where the
/// body touches the last obstacle it left, at the end of that move less the skin.
fn clear_way_out<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    rotation: Rot,
    start: Vec2,
    obstacles: &O,
    settings: &SlideSettings,
    at_least: usize,
) -> Option<SlideContact> {
    let pose = Pose::new(start, rotation);
    let (mut ways, mut count, mut overlapped) = ([Way::NONE; WAYS], 0, 0);
    let mut add =
        |out: Vec2, key: (u32, usize)| match ways[..count].iter_mut().find(|w| w.out == out) {
            Some(way) => way.key = way.key.min(key),
            None if count < WAYS => {
                ways[count] = Way {
                    out,
                    key,
                    ..Way::NONE
                };
                count += 1;
            }
            None => {}
        };
    overlapping(shape, &pose, obstacles, settings.layers, |o| {
        overlapped += 1;
        face_normals(&o, start, |k, out| add(out, (o.id, k)));
    });
    // And away from each of the body's own faces (no obstacle's face need be the way).
    if !matches!(shape, ShapeRef::Circle(_)) {
        let body = Obstacle::new(u32::MAX, shape, pose);
        face_normals(&body, start, |k, out| add(-out, (u32::MAX, k)));
    }
    if overlapped < at_least {
        return None;
    }
    let ways = &mut ways[..count];
    for way in ways.iter_mut() {
        *way = way_out_of_all(
            shape,
            &pose,
            obstacles,
            (settings.layers, settings.skin),
            *way,
        );
    }
    // Shortest first; ties by obstacle id and face, never by the order the set lists them.
    ways.sort_unstable_by(|a, b| a.far.total_cmp(&b.far).then(a.key.cmp(&b.key)));
    ways.iter().filter(|w| w.far.is_finite()).find_map(|way| {
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

/// The ways out of obstacle `o` that [`clear_way_out`] tries, by their place among its faces:
/// a rect's four axes, a hull's face normals, a circle's way from its centre to `start`.
fn face_normals(o: &Obstacle<'_>, start: Vec2, mut visit: impl FnMut(usize, Vec2)) {
    match o.shape {
        ShapeRef::Rect(_) => [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y]
            .into_iter()
            .enumerate()
            .for_each(|(k, out)| visit(k, out)),
        ShapeRef::Hull(h) => h
            .normals()
            .iter()
            .enumerate()
            .for_each(|(k, n)| visit(k, o.pose.rotation.apply(*n))),
        ShapeRef::Circle(_) => visit(0, (start - o.pose.position).normalize_or(Vec2::Y)),
    }
}

/// How many times [`way_out_of_all`] goes on past what it met on its way.
const MARCHES: usize = 8;

/// The most obstacles [`way_out_of_all`] keeps to tell what is joined to them.
const IN_THE_WAY: usize = 32;

/// `way` along its `out` out of every obstacle the body at `pose` overlaps, and on out of
/// those it then overlaps (a tile beyond a tile it was in), to the first place clear of
/// everything a skin beyond them ([`least_way_out`] of each): not only beyond the one whose
/// face gave the way. Of those it leaves together (to rounding), the touch met most face on is
/// the way's: a box lifted out of two floor tiles stands on the floor, not on the corner of
/// the tile beside. An infinite `far` where one of them has no finite way along `out`, where
/// no clear place comes within [`MARCHES`] goes, or where a body in a moving obstacle would
/// pass through one apart from (neither overlapping nor touching) those it was in.
fn way_out_of_all<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    pose: &Pose,
    obstacles: &O,
    (layers, skin): (Layers, f32),
    way: Way,
) -> Way {
    let mut way = Way { far: 0.0, ..way };
    let mut in_the_way = [None; IN_THE_WAY];
    let (mut count, mut pressed) = (0, false);
    let rounding = 8.0 * f32::EPSILON * pose.position.abs().max_element();
    let mut at = *pose;
    for march in 0..MARCHES {
        let mut met = false;
        overlapping(shape, &at, obstacles, layers, |o| {
            met = true;
            let kept = &in_the_way[..count];
            let known = kept.iter().flatten().any(|k: &Obstacle<'_>| k.id == o.id);
            pressed |= march == 0 && o.velocity != Vec2::ZERO;
            // Pressed by a mover, it never goes through what it was not in: a platform does
            // not push a body through the floor under it.
            let apart = || !kept.iter().flatten().any(|k| joined(k, &o, rounding));
            if pressed && march > 0 && !known && apart() {
                way.far = f32::INFINITY;
                return;
            }
            if !known && count < IN_THE_WAY {
                in_the_way[count] = Some(o);
                count += 1;
            }
            leave(shape, pose, &o, &mut way);
        });
        if !met || !way.far.is_finite() {
            return way;
        }
        at = Pose::new(pose.position + way.out * (way.far + skin), pose.rotation);
    }
    Way::NONE
}

/// Whether obstacles `a` and `b` overlap or touch (to `rounding`): parts of one solid, as two
/// tiles side by side are.
fn joined(a: &Obstacle<'_>, b: &Obstacle<'_>, rounding: f32) -> bool {
    overlaps(a.shape, &a.pose, b.shape, &b.pose)
        || distance(a.shape, &a.pose, b.shape, &b.pose).is_none_or(|d| d.distance <= rounding)
}

/// Takes obstacle `o` into `way`, from the body at `pose`: `way` goes as far as leaving `o`
/// needs too, and takes its touch where it is the last left, or left with the last (to
/// rounding) and met more face on.
fn leave(shape: ShapeRef<'_>, pose: &Pose, o: &Obstacle<'_>, way: &mut Way) {
    let out = way.out;
    let Some((far, touch)) = least_way_out(shape, pose, o, out) else {
        way.far = f32::INFINITY;
        return;
    };
    let face_on = |touch: &Option<Impact>| touch.map_or(1.0, |t| -t.normal.dot(out));
    let rounding = 8.0 * f32::EPSILON * (pose.position.abs().max_element() + far);
    let first = way.touch.is_none() && way.far == 0.0;
    let later = far > way.far + rounding;
    let with = far >= way.far - rounding && face_on(&touch) > face_on(&way.touch);
    if first || later || with {
        (way.touch, way.id) = (touch, o.id);
    }
    way.far = way.far.max(far);
}

/// Visits the obstacles that the body at `pose` overlaps and that push it out
/// ([`one_way::pushes_out`]).
fn overlapping<'s, O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    pose: &Pose,
    obstacles: &'s O,
    layers: Layers,
    mut visit: impl FnMut(Obstacle<'s>),
) {
    pushing_out_near(shape, pose, obstacles, layers, |o| {
        if overlaps(shape, pose, o.shape, &o.pose) {
            visit(o);
        }
    });
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

/// The obstacle that the body at `pose` is to be pushed out of first, the one it overlaps
/// most deeply, and their contact, each contact taken by the set's face rule
/// ([`by_face_rule`]); of any, where the rule gives a way out of none.
fn deepest_push<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    pose: &Pose,
    obstacles: &O,
    layers: Layers,
) -> Option<(u32, Contact)> {
    // (the deepest the rule gives a way out of, the deepest of any)
    let mut ruled: Option<(u32, Contact)> = None;
    let mut any: Option<(u32, Contact)> = None;
    let deeper = |d: Option<(u32, Contact)>, c: Contact| d.is_none_or(|(_, d)| c.depth > d.depth);
    overlapping(shape, pose, obstacles, layers, |o| {
        if let Some(c) = contact(shape, pose, o.shape, &o.pose) {
            if deeper(any, c) {
                any = Some((o.id, c));
            }
            if let Some(c) = by_face_rule(obstacles, shape, pose, o.id, c) {
                if deeper(ruled, c) {
                    ruled = Some((o.id, c));
                }
            }
        }
    });
    ruled.or(any)
}

/// The contact `c` of the body at `pose` with obstacle `id` as the set's face rule has it
/// ([`Obstacles::refine_contact`]), where it gives a way out.
fn by_face_rule<O: Obstacles + ?Sized>(
    obstacles: &O,
    shape: ShapeRef<'_>,
    pose: &Pose,
    id: u32,
    c: Contact,
) -> Option<Contact> {
    obstacles
        .refine_contact(id, shape, pose, c)
        .filter(|r| r.depth > 0.0 && r.depth.is_finite())
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
fn pushing_out_near<'s, O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    pose: &Pose,
    obstacles: &'s O,
    layers: Layers,
    mut visit: impl FnMut(Obstacle<'s>),
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
