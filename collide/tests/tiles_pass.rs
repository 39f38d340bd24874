//! The collision pass against a tile map follows the face rule: bodies sliding along and
//! bouncing on a straight tile floor or wall, at 1 to 500 units a frame, never get a hit with
//! an internal face's normal, and are handed the hits and make the turns they would against
//! the same surface as one merged rectangle.

use collide::{
    Body, CollisionPass, Obstacle, PassHit, Reaction, Response, StaticWorld, TileMap, Turn,
    TILE_IDS,
};
use collide_core::{Circle, Hull, Layers, Pose, Rect, Shape};
use collide_testkit::SplitMix64;
use glam::Vec2;

/// Tile size.
const TILE: f32 = 16.0;
/// Tiles along the surface.
const LENGTH: u32 = 128;
/// The moving bodies' layers, and the surface's: bodies meet the surface, never each other.
const BODIES: Layers = Layers::on(1).with_mask(2);
const SURFACE: Layers = Layers::on(2).with_mask(1);

/// A straight surface: its tile map, the same cells as one rectangle, and the map's axes: the
/// unit vector along the surface and its outward normal (from the cells into the open side).
struct Surface {
    name: &'static str,
    map: TileMap,
    merged: Obstacle<'static>,
    along: Vec2,
    out: Vec2,
    /// The world coordinate of the open face along `out`.
    face: f32,
}

/// A floor (row 0 of a 128 × 2 map, its top at y = 16) and a wall (column 0 of a 2 × 128 map,
/// its right side at x = 16).
fn surfaces() -> [Surface; 2] {
    let size = Vec2::splat(TILE);
    let long = LENGTH as f32 * TILE;
    let mut floor = TileMap::from_fn(LENGTH, 2, size, Vec2::ZERO, |_, y| u8::from(y == 0)).unwrap();
    let mut wall = TileMap::from_fn(2, LENGTH, size, Vec2::ZERO, |x, _| u8::from(x == 0)).unwrap();
    floor.set_layers(SURFACE);
    wall.set_layers(SURFACE);
    let rect = |half: Vec2, at: Vec2| {
        Obstacle::new(0, Rect { half_extents: half }, Pose::from_position(at)).with_layers(SURFACE)
    };
    [
        Surface {
            name: "floor",
            map: floor,
            merged: rect(
                Vec2::new(long / 2.0, TILE / 2.0),
                Vec2::new(long / 2.0, TILE / 2.0),
            ),
            along: Vec2::X,
            out: Vec2::Y,
            face: TILE,
        },
        Surface {
            name: "wall",
            map: wall,
            merged: rect(
                Vec2::new(TILE / 2.0, long / 2.0),
                Vec2::new(TILE / 2.0, long / 2.0),
            ),
            along: Vec2::Y,
            out: Vec2::X,
            face: TILE,
        },
    ]
}

/// A seeded shape: a circle, a box or a hexagon, a few units across.
fn shape(rng: &mut SplitMix64) -> Shape {
    match rng.index(3) {
        0 => Circle {
            radius: rng.range(1.0, 8.0),
        }
        .into(),
        1 => Rect {
            half_extents: Vec2::new(rng.range(1.0, 8.0), rng.range(1.0, 8.0)),
        }
        .into(),
        _ => Hull::regular(6, rng.range(2.0, 8.0)).unwrap().into(),
    }
}

/// Seeded bodies over the middle of the surface (whatever their motion, they stay away from
/// its ends, whose corners are not seams): half start resting on it (exactly, a few ulps in
/// or out, or a hair above) and move along it, a little into it at most; half start above it
/// and move into it at an angle. Speeds from 1 to 500 units a frame.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn movers(s: &Surface, rng: &mut SplitMix64) -> Vec<(Shape, Vec2, Vec2)> {
    (0..300)
        .map(|i| {
            let shape = shape(rng);
            // How far the shape reaches from its centre towards the surface.
            let below = -shape.as_shape_ref().aabb(&Pose::IDENTITY).min().dot(s.out);
            let speed = 1.0 + 499.0 * rng.unit() * rng.unit();
            let along = rng.range(600.0, 1_400.0);
            let (gap, travel) = if i % 2 == 0 {
                let gap = [0.0, 0.0, 1e-5, -1e-5, 1e-3][rng.index(5)];
                let sideways = if rng.unit() < 0.5 { -1.0 } else { 1.0 };
                let into = speed * rng.range(0.0, 0.05) * f32::from(u8::from(rng.unit() < 0.5));
                (gap, s.along * speed * sideways - s.out * into)
            } else {
                let angle = rng.range(0.2, 1.4);
                let sideways = s.along * angle.cos() * if rng.unit() < 0.5 { -1.0 } else { 1.0 };
                (
                    rng.range(0.0, 40.0),
                    (sideways - s.out * angle.sin()) * speed,
                )
            };
            let start = s.along * along + s.out * (s.face + below + gap);
            (shape, start, start + travel)
        })
        .collect()
}

/// What one frame handed over and turned, each body answering each hit by bouncing or
/// sliding (seeded by its index).
fn frame(
    bodies: &[Body<'_>],
    statics: &(impl collide::Obstacles + ?Sized),
) -> (Vec<PassHit>, Vec<Turn>) {
    let mut pass = CollisionPass::default();
    let mut handed = Vec::new();
    pass.run(bodies, statics, |h| {
        handed.push(*h);
        if h.a % 3 == 0 {
            Response::a(Reaction::Slide)
        } else {
            Response::a(Reaction::Bounce { restitution: 1.0 })
        }
    })
    .unwrap();
    (handed, pass.turns().to_vec())
}

/// How many hits on `map`'s cells (their ids cell indices) have a normal that the face rule
/// does not keep as it is: an internal face's, or a corner's where the surface is flat.
fn ghosts(map: &TileMap, hits: &[PassHit]) -> usize {
    let ghost = |h: &&PassHit| {
        let cell = map.cell_of_index(h.b.obstacle().unwrap());
        map.face_normal(cell.x, cell.y, h.impact.normal) != Some(h.impact.normal)
    };
    hits.iter().filter(ghost).count()
}

fn near(a: Vec2, b: Vec2, tolerance: f32) -> bool {
    (a - b).abs().max_element() <= tolerance
}

#[test]
fn bodies_sliding_and_bouncing_on_tiles_in_the_pass_meet_no_seam() {
    let mut rng = SplitMix64::new(0x5EA3);
    let (mut compared, mut slid) = (0, 0);
    for s in surfaces() {
        for round in 0..10 {
            let moving = movers(&s, &mut rng);
            let bodies: Vec<Body<'_>> = moving
                .iter()
                .map(|(shape, from, to)| {
                    Body::new(shape.as_shape_ref(), *from, *to).with_layers(BODIES)
                })
                .collect();
            let (hits, turns) = frame(&bodies, &s.map);
            let merged = [s.merged];
            let (want, want_turns) = frame(&bodies, &merged[..]);
            let context = format!("{}, round {round}", s.name);
            assert_eq!(ghosts(&s.map, &hits), 0, "{context}");
            // In a `StaticWorld` the map's cells keep the rule under their world ids.
            let (in_world, world_turns) = frame(&bodies, &StaticWorld::new(s.map.clone()));
            let strip = |hits: &[PassHit], offset: u32| -> Vec<_> {
                hits.iter()
                    .map(|h| {
                        let cell = h.b.obstacle().map(|id| id - offset);
                        (h.a, cell, h.impact, h.contact, h.by_sweep)
                    })
                    .collect()
            };
            assert_eq!(strip(&in_world, TILE_IDS), strip(&hits, 0), "{context}");
            assert_eq!(world_turns, turns, "{context}");
            // Hit for hit, turn for turn, each body gets what the merged rectangle gives it:
            // every sweep is exact, so the times agree to rounding. (Bodies whose times differ
            // only by rounding may swap places in the frame's order.)
            let (mut hits, mut want) = (hits, want);
            hits.sort_by_key(|h| h.a);
            want.sort_by_key(|h| h.a);
            let (mut turns, mut want_turns) = (turns, want_turns);
            turns.sort_by_key(|t| t.body);
            want_turns.sort_by_key(|t| t.body);
            assert_eq!(hits.len(), want.len(), "{context}");
            for (got, want) in hits.iter().zip(&want) {
                assert_eq!(got.a, want.a, "{context}");
                assert!(
                    (got.impact.t - want.impact.t).abs() <= 1e-5,
                    "{context}: {got:?} {want:?}"
                );
                assert!(
                    near(got.impact.normal, want.impact.normal, 1e-5),
                    "{context}: {got:?} {want:?}"
                );
            }
            assert_eq!(turns.len(), want_turns.len(), "{context}");
            for (got, want) in turns.iter().zip(&want_turns) {
                assert_eq!(got.body, want.body, "{context}");
                let speed = (moving[got.body].2 - moving[got.body].1).length();
                let tolerance = 1e-4 * (1.0 + speed);
                assert!(
                    near(got.end(), want.end(), tolerance),
                    "{context}: {got:?} {want:?}"
                );
                assert!(near(got.velocity, want.velocity, tolerance), "{context}");
            }
            compared += hits.len();
            slid += hits.iter().filter(|h| h.a % 2 == 0).count();
        }
    }
    assert!(compared > 1_000, "{compared} hits compared");
    assert!(slid > 400, "{slid} hits of bodies moving along the surface");
}

/// Without the face rule, the same cells as plain rectangles catch on the seams: the check
/// above would see it.
#[test]
fn the_same_cells_as_plain_rectangles_catch_on_the_seams() {
    let mut rng = SplitMix64::new(0x5EA3);
    let mut caught = 0;
    for s in surfaces() {
        let cells: Vec<Obstacle<'static>> = (0..s.map.cells().len() as u32)
            .map(|i| s.map.cell_of_index(i))
            .filter(|c| s.map.is_solid(c.x, c.y))
            .map(|c| {
                let at = Pose::from_position(s.map.cell_center(c.x, c.y));
                Obstacle::new(s.map.cell_index(c.x, c.y), s.map.cell_rect(), at)
                    .with_layers(SURFACE)
            })
            .collect();
        for _ in 0..4 {
            let moving = movers(&s, &mut rng);
            let bodies: Vec<Body<'_>> = moving
                .iter()
                .map(|(shape, from, to)| {
                    Body::new(shape.as_shape_ref(), *from, *to).with_layers(BODIES)
                })
                .collect();
            caught += ghosts(&s.map, &frame(&bodies, &cells[..]).0);
        }
    }
    assert!(
        caught > 0,
        "no seam caught a body: the scenes do not test the rule"
    );
}
