//! No ghost collisions on a tile map: a box, a circle and a hexagon sliding along a floor, up a
//! wall and under a ceiling of 16 × 16 tiles, across 10 000 seams each at 1 to 500 units a
//! step, starting exactly touching the surface or a few ulps off it, get only the surface's
//! own normal from every hit and every contact; an inside corner gives both faces.

use collide_core::{Circle, Contact, Hull, Motion, Pose, Rect, Shape, ShapeRef};
use collide_testkit::SplitMix64;
use collide_world::{TileCell, TileMap};
use glam::Vec2;

const TILE: f32 = 16.0;

/// The three movers of the seam tests.
fn movers() -> [(&'static str, Shape); 3] {
    [
        (
            "box",
            Rect {
                half_extents: Vec2::new(6.0, 10.0),
            }
            .into(),
        ),
        ("circle", Circle { radius: 6.0 }.into()),
        ("hexagon", Hull::regular(6, 8.0).unwrap().into()),
    ]
}

/// A flat surface of tiles: the line `across · p = plane` with the tiles on the side `into`
/// points to, running along `along`.
struct Surface {
    name: &'static str,
    map: TileMap,
    /// Unit normal from a mover into the tiles: every normal reported must be this one.
    into: Vec2,
    along: Vec2,
    plane: f32,
}

fn surfaces() -> [Surface; 3] {
    let cell = Vec2::splat(TILE);
    [
        Surface {
            name: "floor",
            // A row of tiles, their tops at y = 0, and an empty row above.
            map: TileMap::from_fn(4096, 2, cell, Vec2::new(0.0, -TILE), |_, y| {
                u8::from(y == 0)
            })
            .unwrap(),
            into: Vec2::NEG_Y,
            along: Vec2::X,
            plane: 0.0,
        },
        Surface {
            name: "wall",
            // A column of tiles, their right faces at x = 0.
            map: TileMap::from_fn(2, 4096, cell, Vec2::new(-TILE, 0.0), |x, _| {
                u8::from(x == 0)
            })
            .unwrap(),
            into: Vec2::NEG_X,
            along: Vec2::Y,
            plane: 0.0,
        },
        Surface {
            name: "ceiling",
            // A row of tiles, their bottoms at y = 16, with an empty row below.
            map: TileMap::from_fn(4096, 2, cell, Vec2::ZERO, |_, y| u8::from(y == 1)).unwrap(),
            into: Vec2::Y,
            along: Vec2::X,
            plane: TILE,
        },
    ]
}

/// `v` moved by `ulps` units in the last place (`v > 0`).
fn nudged(v: f32, ulps: i32) -> f32 {
    f32::from_bits((v.to_bits() as i32 + ulps) as u32)
}

/// What one surface's slide found wrong.
#[derive(Debug, Default, PartialEq)]
struct Ghosts {
    /// Hits and contacts whose normal is not the surface's own.
    bad_normals: u32,
    /// Steps pressed into the surface that found no hit.
    missed: u32,
}

/// Slides `shape` along `s` until its leading side has crossed 10 000 seams.
fn slide(s: &Surface, shape: ShapeRef<'_>, rng: &mut SplitMix64) -> (Ghosts, u32) {
    let half = shape.aabb(&Pose::IDENTITY).half_extents;
    let (reach_across, reach_along) = (half.dot(s.into.abs()), half.dot(s.along));
    // The centre's coordinate across the surface when the mover touches it (positive for
    // every surface here, so that nudging its bits moves it by ulps).
    let touching = s.plane - s.into.dot(Vec2::ONE) * reach_across;
    let mut ghosts = Ghosts::default();
    let (mut seams, mut steps, mut a) = (0u32, 0u32, 100.0f32);
    let check = |c: &Contact, ghosts: &mut Ghosts| {
        ghosts.bad_normals += u32::from(c.normal != s.into);
    };
    while seams < 10_000 {
        if steps % 3 == 0 {
            // The leading side exactly on a seam, or a few ulps either side of it.
            let lead = ((a + reach_along) / TILE).ceil() * TILE;
            a = nudged(lead - reach_along, rng.index(7) as i32 - 3);
        }
        let off = [0, 0, 1, -1, 2, -3, 4][rng.index(7)];
        let across = nudged(touching, off);
        let start = s.along * a + s.into.abs() * across;
        let speed = rng.range(1.0, 500.0);
        let push = if rng.index(2) == 0 {
            0.0
        } else {
            rng.range(0.01, 3.0)
        };
        let motion = Motion::linear(start, start + s.along * speed + s.into * push);
        match s.map.time_of_impact(shape, &motion) {
            Some(hit) => ghosts.bad_normals += u32::from(hit.impact.normal != s.into),
            None => ghosts.missed += u32::from(push > 0.0),
        }
        for at in [motion.start, motion.end] {
            s.map.contacts(shape, &Pose::from_position(at), |_, c| {
                check(&c, &mut ghosts)
            });
        }
        let lead = |p: f32| ((p + reach_along) / TILE).floor();
        seams += (lead(a + speed) - lead(a)) as u32;
        a += speed;
        if a > 60_000.0 {
            a -= TILE * 3_584.0; // back by a whole number of tiles, before the strip ends
        }
        steps += 1;
    }
    (ghosts, steps)
}

#[test]
fn sliding_along_tile_floors_walls_and_ceilings_meets_no_seam() {
    for s in surfaces() {
        for (name, shape) in movers() {
            let mut rng = SplitMix64::new(0x7115);
            let (ghosts, steps) = slide(&s, shape.as_shape_ref(), &mut rng);
            assert_eq!(
                ghosts,
                Ghosts::default(),
                "{name} on the {}: {steps} steps",
                s.name
            );
            assert!(steps > 300, "{name} on the {}: only {steps} steps", s.name);
        }
    }
}

/// A floor of 12 tiles with a wall two tiles thick on its right: the floor's top at y = 16,
/// the wall's left face at x = 160.
fn corner() -> TileMap {
    let rows = [
        "..........##",
        "..........##",
        "..........##",
        "############",
    ];
    TileMap::from_rows(&rows, Vec2::splat(TILE), Vec2::ZERO).unwrap()
}

#[test]
fn a_shape_pushed_into_an_inside_corner_gets_both_faces() {
    let map = corner();
    for (name, shape) in movers() {
        let shape = shape.as_shape_ref();
        let half = shape.aabb(&Pose::IDENTITY).half_extents;
        for press in [1e-4, 0.01, 0.5, 2.0] {
            let at = Vec2::new(160.0 - half.x + press, 16.0 + half.y - press);
            let mut normals = Vec::new();
            let n = map.contacts(shape, &Pose::from_position(at), |_, c| {
                normals.push(c.normal)
            });
            assert_eq!(n, normals.len());
            let floor = normals.iter().filter(|&&n| n == Vec2::NEG_Y).count();
            let wall = normals.iter().filter(|&&n| n == Vec2::X).count();
            assert!(
                floor >= 1 && wall >= 1 && floor + wall == n,
                "{name} pressed {press}: {normals:?}"
            );
        }
        // Moving into the corner from above and to the left, it meets one of the two faces.
        let start = Vec2::new(120.0, 60.0);
        let hit = map
            .time_of_impact(shape, &Motion::linear(start, Vec2::new(170.0, 10.0)))
            .expect("the corner is in the way");
        assert!(
            hit.impact.normal == Vec2::X || hit.impact.normal == Vec2::NEG_Y,
            "{name}: {hit:?}"
        );
    }
}

#[test]
fn a_shape_pressed_into_a_floor_across_a_seam_gets_only_the_floor() {
    let map = corner();
    for (name, shape) in movers() {
        let shape = shape.as_shape_ref();
        let half = shape.aabb(&Pose::IDENTITY).half_extents;
        // Straddling the seam at x = 64 by a hair, pressed a unit into the floor: the SAT's
        // least way out of the tile on the right is sideways, through the seam.
        for straddle in [1e-3, 0.1, 0.5] {
            let at = Vec2::new(64.0 - half.x + straddle, 16.0 + half.y - 1.0);
            let mut found: Vec<(TileCell, Contact)> = Vec::new();
            map.contacts(shape, &Pose::from_position(at), |cell, c| {
                found.push((cell, c))
            });
            assert!(!found.is_empty(), "{name}");
            for (_, c) in &found {
                assert_eq!(
                    c.normal,
                    Vec2::NEG_Y,
                    "{name} straddling {straddle}: {found:?}"
                );
                assert!(c.depth > 0.9 && c.depth < 1.1, "{name}: {found:?}");
            }
        }
    }
}
