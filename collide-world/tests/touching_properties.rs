//! Seeded properties of `move_and_slide` at every scale (cells from a twentieth of a unit to
//! 12 500 units, coordinates to about 1e5, travel to 1e4 units a frame), for every mover
//! shape (circles, a zero radius among them, boxes, hulls turned any way):
//!
//! - a mover that starts exactly touching a face, or within a few ulps of it either way, and
//!   moves into it stops at it: it never passes, never ends inside (checked with the core's
//!   strict overlap test), and rests within a few skins of where it started along the face's
//!   normal, reporting the face;
//! - a hull standing on a flat floor walks its whole horizontal travel every frame;
//! - a circle of radius zero is a point: it stops where the segment it travels first meets
//!   an obstacle (the core's exact time of impact), and goes all the way when it meets none.

use collide_core::{
    overlaps, time_of_impact, Circle, Hull, Layers, Motion, Pose, Rect, Rot, Shape, ShapeRef,
    DEFAULT_SKIN,
};
use collide_testkit::proptest_config as config;
use collide_world::{
    move_and_slide, working_skin, Obstacle, Obstacles, SlideSettings, StaticBodies, TileMap,
};
use glam::Vec2;
use proptest::prelude::*;

/// `10^e`: log-uniform sizes from an exponent.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn ten_to(e: f32) -> f32 {
    10f32.powf(e)
}

/// A mover up to `size` across in radius or half extent: a circle (a quarter of them points),
/// a box, a box hull or a regular hull, `pick` choosing which.
fn mover(pick: u8, size: f32, aspect: f32, sides: usize) -> Shape {
    match pick % 5 {
        0 => Circle { radius: 0.0 }.into(),
        1 => Circle { radius: size }.into(),
        2 => Rect {
            half_extents: Vec2::new(size, size * aspect),
        }
        .into(),
        3 => Hull::from_half_extents(Vec2::new(size, size * aspect))
            .unwrap()
            .into(),
        _ => Hull::regular(sides, size).unwrap().into(),
    }
}

/// How far `shape`, turned by `rotation`, reaches from its centre along the unit `axis`.
fn reach(shape: ShapeRef<'_>, rotation: Rot, axis: Vec2) -> f32 {
    match shape {
        ShapeRef::Circle(c) => c.radius,
        ShapeRef::Rect(r) => r.half_extents.dot(axis.abs()),
        ShapeRef::Hull(h) => h
            .vertices()
            .iter()
            .map(|v| rotation.apply(*v).dot(axis))
            .fold(f32::NEG_INFINITY, f32::max),
    }
}

/// `x` moved by `ulps` steps of the float grid (up for more than zero), for a finite `x`.
fn nudge(x: f32, ulps: i32) -> f32 {
    let mut x = x;
    for _ in 0..ulps.unsigned_abs() {
        x = step_up(if ulps > 0 { x } else { -x });
        if ulps < 0 {
            x = -x;
        }
    }
    x
}

/// The next float above a finite `x`.
fn step_up(x: f32) -> f32 {
    if x == 0.0 {
        f32::from_bits(1)
    } else if x > 0.0 {
        f32::from_bits(x.to_bits() + 1)
    } else {
        f32::from_bits(x.to_bits() - 1)
    }
}

/// Whether `shape` at `pose` overlaps any of `obstacles` (strictly: touching is apart).
fn inside<O: Obstacles + ?Sized>(shape: ShapeRef<'_>, pose: &Pose, obstacles: &O) -> bool {
    let mut hit = false;
    obstacles.near(&shape.aabb(pose), Layers::ALL, &mut |o| {
        hit |= overlaps(shape, pose, o.shape, &o.pose);
    });
    hit
}

/// Four ulps of the largest coordinate of `points`: the rounding of a position there.
fn rounding(points: &[Vec2]) -> f32 {
    let largest = points
        .iter()
        .map(|p| p.abs().max_element())
        .fold(0.0, f32::max);
    4.0 * largest * f32::EPSILON
}

/// A wall of solid cells on one side of a map of 6 × 6 cells: the face between columns (or
/// rows) 2 and 3, facing the mover, whose normal into the wall is `NORMALS[side]`.
const NORMALS: [Vec2; 4] = [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y];

/// The cells of the wall on `side` ([`NORMALS`]).
fn solid(side: usize, x: u32, y: u32) -> bool {
    match side {
        0 => x >= 3,
        1 => x <= 2,
        2 => y >= 3,
        _ => y <= 2,
    }
}

/// A touching start: the mover, its turn, the map's cell size and origin, the wall's side,
/// where along the face it starts (in cells), its start off exact touching (ulps), and its
/// travel into the face and along it.
#[derive(Debug, Clone)]
struct Touching {
    shape: Shape,
    rotation: Rot,
    cell: f32,
    origin: Vec2,
    side: usize,
    along: f32,
    ulps: i32,
    into: f32,
    across: f32,
}

fn touching() -> impl Strategy<Value = Touching> {
    (
        (0u8..5, 0.02f32..0.45, 0.2f32..1.0, 3usize..9, -3.2f32..3.2),
        (-1.3f32..4.1, -1.0f32..1.0, -1.0f32..1.0, 0.0f32..3.0),
        (
            0usize..4,
            2.0f32..4.0,
            -3i32..=3,
            -3.0f32..4.0,
            -1.0f32..1.0,
        ),
    )
        .prop_map(
            |(
                (pick, size, aspect, sides, turn),
                (scale, ox, oy, far),
                (side, along, ulps, speed, across),
            )| {
                let cell = ten_to(scale);
                // Up to 1000 cells from the origin, and never beyond 1e5.
                let origin = Vec2::new(ox, oy) * (cell * ten_to(far)).min(1e5);
                let turned = if pick % 5 >= 3 && turn.abs() > 0.5 {
                    Rot::from_angle(turn)
                } else {
                    Rot::IDENTITY
                };
                Touching {
                    shape: mover(pick, size * cell, aspect, sides),
                    rotation: turned,
                    cell,
                    origin,
                    side,
                    along,
                    ulps,
                    into: ten_to(speed),
                    across: across * cell,
                }
            },
        )
}

impl Touching {
    /// The map, its solid cells as static bodies, where the mover starts and its travel.
    fn scene(&self) -> (TileMap, StaticBodies, Vec2, Vec2) {
        let size = Vec2::splat(self.cell);
        let side = self.side;
        let map =
            TileMap::from_fn(6, 6, size, self.origin, |x, y| u8::from(solid(side, x, y))).unwrap();
        let mut bodies = StaticBodies::new();
        let tile = Rect {
            half_extents: size * 0.5,
        };
        for y in 0..6 {
            for x in 0..6 {
                if solid(side, x, y) {
                    let centre = self.origin + (Vec2::new(x as f32, y as f32) + 0.5) * size;
                    bodies
                        .add(tile, Pose::from_position(centre), Layers::ALL)
                        .unwrap();
                }
            }
        }
        bodies.refresh();
        let n = NORMALS[side];
        let axis = if n.x != 0.0 { 0 } else { 1 };
        // The face, the level along its axis; the mover's centre one reach short of it.
        let face = self.origin[axis] + 3.0 * self.cell;
        let back = reach(self.shape.as_shape_ref(), self.rotation, n);
        let mut start = self.origin + Vec2::splat(self.along * self.cell);
        start[axis] = nudge(face - n[axis] * back, self.ulps);
        let travel = n * self.into + n.perp() * self.across;
        (map, bodies, start, travel)
    }
}

/// The touching-start property against one set of obstacles.
fn stops_at_the_face<O: Obstacles + ?Sized>(
    case: &Touching,
    obstacles: &O,
    start: Vec2,
    travel: Vec2,
) -> Result<(), TestCaseError> {
    let shape = case.shape.as_shape_ref();
    let settings = SlideSettings::new(Vec2::Y);
    let moved = move_and_slide(shape, case.rotation, start, travel, obstacles, &settings);
    let n = NORMALS[case.side];
    prop_assert!(!moved.invalid_input, "{moved:?}");
    // Unless the travel would take it inside the wall, it may end exactly touching the face
    // (a travel of an ulp or two from a start an ulp or two off it) without saying so.
    let end = Pose::new(start + travel, case.rotation);
    let moves_in = inside(shape, &end, obstacles);
    let pose = Pose::new(moved.position, case.rotation);
    prop_assert!(!inside(shape, &pose, obstacles), "inside: {moved:?}");
    let slack = rounding(&[start, moved.position, start + travel]);
    let went_in = (moved.position - start).dot(n);
    // Never further into the face than it started; one pushed out of a start a few ulps
    // inside, or backed off from touching, moves out by no more than a few skins.
    prop_assert!(went_in <= slack, "passed by {went_in}: {moved:?}");
    let boxes = [
        shape.aabb(&Pose::new(start, case.rotation)),
        shape.aabb(&Pose::new(start + travel, case.rotation)),
    ];
    let skin = working_skin(DEFAULT_SKIN, &boxes);
    prop_assert!(
        went_in >= -(3.0 * skin + slack),
        "stopped {} short (skin {skin}): {moved:?}",
        -went_in
    );
    prop_assert!(
        !moves_in || moved.contacts().iter().any(|c| c.normal.dot(n) > 0.5),
        "no contact with the face: {moved:?}"
    );
    Ok(())
}

proptest! {
    #![proptest_config(config(10000, 0x70C4_0001))]

    /// A mover touching a wall of tiles, or within a few ulps of it, and moving into it.
    #[test]
    fn a_touching_mover_stops_at_a_tile_face(case in touching()) {
        let (map, _, start, travel) = case.scene();
        stops_at_the_face(&case, &map, start, travel)?;
    }

    /// The same against the wall's cells as static bodies.
    #[test]
    fn a_touching_mover_stops_at_a_static_body_face(case in touching()) {
        let (_, bodies, start, travel) = case.scene();
        stops_at_the_face(&case, &bodies, start, travel)?;
    }
}

/// A hull standing on one of its faces on a flat floor of tiles, walking: its shape and turn
/// (the face's normal turned straight down, within the rounding of a turn), the cell size and
/// the floor's origin, its start off exact touching (ulps), its walk a frame and the pull
/// down.
#[derive(Debug, Clone)]
struct Standing {
    hull: Hull,
    rotation: Rot,
    cell: f32,
    origin: Vec2,
    ulps: i32,
    walk: f32,
    pull: f32,
}

/// Frames a standing hull walks.
const FRAMES: usize = 3;

#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn standing() -> impl Strategy<Value = Standing> {
    (
        (
            any::<bool>(),
            0.05f32..0.45,
            0.2f32..1.0,
            3usize..9,
            0usize..16,
        ),
        (-1.3f32..4.1, -1.0f32..1.0, -1.0f32..1.0, 0.0f32..3.0),
        (0i32..=3, -3.0f32..4.0, any::<bool>(), 0.0f32..0.5),
    )
        .prop_map(
            |(
                (boxed, size, aspect, sides, face),
                (scale, ox, oy, far),
                (ulps, speed, left, pull),
            )| {
                let cell = ten_to(scale);
                let origin = Vec2::new(ox, oy) * (cell * ten_to(far)).min(1e5);
                let hull = if boxed {
                    Hull::from_half_extents(Vec2::new(size, size * aspect) * cell).unwrap()
                } else {
                    Hull::regular(sides, size * cell).unwrap()
                };
                let normal = hull.normals()[face % hull.normals().len()];
                let rotation = Rot::from_angle(Vec2::NEG_Y.to_angle() - normal.to_angle());
                // Never more than 200 cells a frame: the floor is as long as the walk.
                let walk = ten_to(speed).min(200.0 * cell);
                Standing {
                    hull,
                    rotation,
                    cell,
                    origin,
                    ulps,
                    walk: if left { -walk } else { walk },
                    pull: pull * size * cell,
                }
            },
        )
}

/// Walks `case`'s hull for [`FRAMES`] frames on `floor`, whose top is at `top` and which
/// spans `span` along x, pulled down by `pull` a frame: each frame walks its whole horizontal
/// travel, on the floor, and ends outside it.
fn walks<O: Obstacles + ?Sized>(
    case: &Standing,
    floor: &O,
    top: f32,
    span: (f32, f32),
    pull: f32,
) -> Result<(), TestCaseError> {
    let down = reach((&case.hull).into(), case.rotation, Vec2::NEG_Y);
    // Starting 4 cells in from the end it walks away from.
    let x = if case.walk > 0.0 {
        span.0 + 4.0 * case.cell
    } else {
        span.1 - 4.0 * case.cell
    };
    let mut at = Vec2::new(x, nudge(top + down, case.ulps));
    let settings = SlideSettings::new(Vec2::Y);
    let travel = Vec2::new(case.walk, -pull);
    for frame in 0..FRAMES {
        let moved = move_and_slide(&case.hull, case.rotation, at, travel, floor, &settings);
        let walked = moved.position.x - at.x;
        let slack = 1e-5 * (at.abs().max_element() + case.walk.abs()) + rounding(&[at]);
        prop_assert!(
            (walked - case.walk).abs() <= slack,
            "frame {frame} from {at}: walked {walked} of {}: {moved:?}",
            case.walk
        );
        prop_assert!(!moved.on_wall && !moved.on_ceiling, "{moved:?}");
        let pose = Pose::new(moved.position, case.rotation);
        prop_assert!(
            !inside((&case.hull).into(), &pose, floor),
            "inside: {moved:?}"
        );
        at = moved.position;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(5000, 0x70C4_0002))]

    /// A hull standing on a flat floor of one body (exactly, or a few ulps above), pulled
    /// down by anything from nothing to half its size a frame, walks its whole horizontal
    /// travel every frame.
    #[test]
    fn a_hull_standing_on_a_flat_floor_walks(case in standing()) {
        let length = (FRAMES as f32 * case.walk.abs() / case.cell).ceil() + 8.0;
        let half = Vec2::new(length, 1.0) * 0.5 * case.cell;
        let slab = Rect { half_extents: half };
        let floor = [Obstacle::new(0, slab, Pose::from_position(case.origin + half))];
        let span = (case.origin.x, case.origin.x + 2.0 * half.x);
        walks(&case, &floor[..], case.origin.y + case.cell, span, case.pull)?;
    }

    /// The same on a floor of tiles, over its seams.
    #[test]
    fn a_hull_standing_on_a_flat_tile_floor_walks(case in standing()) {
        let cells = (FRAMES as f32 * case.walk.abs() / case.cell).ceil() as u32 + 8;
        let size = Vec2::splat(case.cell);
        let floor = TileMap::from_fn(cells, 1, size, case.origin, |_, _| 1).unwrap();
        let span = (case.origin.x, case.origin.x + cells as f32 * case.cell);
        walks(&case, &floor, case.origin.y + case.cell, span, case.pull)?;
    }
}

/// A point shot at an obstacle: the obstacle (a box, a circle or a turned regular hull), the
/// scale, and the shot's start and travel around it.
#[derive(Debug, Clone)]
struct Shot {
    obstacle: Shape,
    rotation: Rot,
    at: Vec2,
    start: Vec2,
    travel: Vec2,
}

#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn shot() -> impl Strategy<Value = Shot> {
    (
        (0u8..3, 0.3f32..1.0, 3usize..9, -3.2f32..3.2),
        (-1.3f32..4.1, -1.0f32..1.0, -1.0f32..1.0),
        (
            0.0f32..core::f32::consts::TAU,
            1.5f32..3.0,
            -1.0f32..1.0,
            0.5f32..3.0,
        ),
    )
        .prop_map(
            |((pick, aspect, sides, turn), (scale, ox, oy), (angle, from, aim, length))| {
                let size = ten_to(scale);
                let at = Vec2::new(ox, oy) * (size * 100.0).min(1e5);
                let obstacle = match pick {
                    0 => Rect {
                        half_extents: Vec2::new(size, size * aspect),
                    }
                    .into(),
                    1 => Circle { radius: size }.into(),
                    _ => Hull::regular(sides, size).unwrap().into(),
                };
                let start = at + Vec2::from_angle(angle) * from * size;
                let target = at + Vec2::from_angle(angle).perp() * aim * size;
                let travel = (target - start).normalize() * length * from * size;
                Shot {
                    obstacle,
                    rotation: Rot::from_angle(turn),
                    at,
                    start,
                    travel,
                }
            },
        )
}

proptest! {
    #![proptest_config(config(8000, 0x70C4_0003))]

    /// A circle of radius zero moves as a point: it stops where its segment first meets the
    /// obstacle (a skin short), reporting it, and goes all the way when the segment misses.
    #[test]
    fn a_zero_radius_circle_is_a_point(case in shot()) {
        let pose = Pose::new(case.at, case.rotation);
        let obstacles = [Obstacle::new(0, case.obstacle.as_shape_ref(), pose)];
        let point = Circle { radius: 0.0 };
        let settings = SlideSettings::new(Vec2::Y).with_max_slides(1);
        let moved = move_and_slide(point, Rot::IDENTITY, case.start, case.travel, &obstacles[..], &settings);
        let motion = Motion::new(case.start, case.start + case.travel, Rot::IDENTITY);
        let still = Motion::new(case.at, case.at, case.rotation);
        let hit = time_of_impact(point, &motion, case.obstacle.as_shape_ref(), &still);
        let end = Pose::from_position(moved.position);
        prop_assert!(!inside(point.into(), &end, &obstacles[..]), "inside: {moved:?}");
        let ends = [case.start, case.start + case.travel];
        let skin = working_skin(DEFAULT_SKIN, &[point.aabb(&Pose::from_position(ends[0])), point.aabb(&Pose::from_position(ends[1]))]);
        let slack = 1e-4 * case.travel.length() + rounding(&ends);
        match hit {
            Some(hit) if hit.t < 1.0 => {
                // A skin short along the normal (farther along a glancing path), never past.
                let contact = motion.position_at(hit.t);
                let short = (contact - moved.position).dot(hit.normal);
                prop_assert!(short >= -slack && short <= 2.0 * skin + slack, "{short} short of {contact} ({hit:?}): {moved:?}");
                let along = (moved.position - case.start).dot(case.travel.normalize());
                prop_assert!(along <= hit.t * case.travel.length() + slack, "past the hit: {moved:?}");
                prop_assert!(!moved.contacts().is_empty(), "no contact ({hit:?}): {moved:?}");
            }
            _ => {
                // A graze of a corner may count as a meeting within rounding; anything else goes all the way.
                if moved.contacts().is_empty() {
                    prop_assert!((moved.position - motion.end).length() <= slack, "{moved:?}");
                }
            }
        }
    }
}
