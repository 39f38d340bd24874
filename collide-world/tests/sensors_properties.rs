//! Seeded property tests of sensors: over random levels of tiles and static bodies with sensor
//! cells and sensor bodies mixed in, a character moves exactly as through the same level with
//! the sensors taken out (its path, end, floor and contacts), and reports every sensor its
//! path touches, in path order, against a dense-sample oracle in `f64`.

use collide_core::{Aabb, Circle, Layers, Pose, Rect, Shape};
use collide_testkit::proptest_config as config;
use collide_world::{Character, CharacterMove, CharacterSettings, StaticWorld, TileMap};
use glam::Vec2;
use proptest::prelude::*;

/// A point in `f64`, the oracle's.
#[derive(Clone, Copy, Debug)]
struct DVec2 {
    x: f64,
    y: f64,
}

impl DVec2 {
    fn of(v: Vec2) -> Self {
        Self {
            x: f64::from(v.x),
            y: f64::from(v.y),
        }
    }

    fn lerp(self, to: Self, s: f64) -> Self {
        Self {
            x: self.x + (to.x - self.x) * s,
            y: self.y + (to.y - self.y) * s,
        }
    }

    fn distance(self, to: Self) -> f64 {
        (to.x - self.x).hypot(to.y - self.y)
    }
}

const CELL: f32 = 16.0;
const WIDTH: u32 = 24;
const HEIGHT: u32 = 12;
/// A coin's value, and a half-tile's (`HalfTop`) made a sensor too: water over a ledge.
const SENSOR_VALUES: [u8; 2] = [5, 0xE0];

/// One random level: the cells (solid, shaped, or sensor values) and the static bodies, solid
/// ones first, then sensors.
#[derive(Clone, Debug)]
struct Level {
    cells: Vec<u8>,
    solids: Vec<Aabb>,
    sensors: Vec<Aabb>,
}

fn level() -> impl Strategy<Value = Level> {
    let n = (WIDTH * HEIGHT) as usize;
    let cell = prop_oneof![
        10 => Just(0u8), 2 => Just(1u8), 1 => Just(0xE4u8), 1 => Just(0xE5u8),
        2 => Just(SENSOR_VALUES[0]), 1 => Just(SENSOR_VALUES[1]),
    ];
    let body = (0.0f32..380.0, 10.0f32..150.0, 2.0f32..30.0, 2.0f32..20.0)
        .prop_map(|(x, y, w, h)| Aabb::new(Vec2::new(x, y), Vec2::new(w, h)));
    (
        prop::collection::vec(cell, n),
        prop::collection::vec(body.clone(), 0..4),
        prop::collection::vec(body, 0..5),
    )
        .prop_map(|(mut cells, solids, sensors)| {
            for x in 0..WIDTH as usize {
                cells[x] = 1; // a floor
                for y in HEIGHT as usize - 3..HEIGHT as usize {
                    let i = y * WIDTH as usize + x;
                    // Open sky to start in: sensors only.
                    if !SENSOR_VALUES.contains(&cells[i]) {
                        cells[i] = 0;
                    }
                }
            }
            Level {
                cells,
                solids,
                sensors,
            }
        })
}

impl Level {
    /// The level as a world: with its sensors, or with them taken out (sensor cells empty,
    /// no sensor bodies).
    fn world(&self, sensors: bool) -> StaticWorld {
        let cells: Vec<u8> = self
            .cells
            .iter()
            .map(|&c| {
                if !sensors && SENSOR_VALUES.contains(&c) {
                    0
                } else {
                    c
                }
            })
            .collect();
        let mut tiles =
            TileMap::from_cells(WIDTH, HEIGHT, &cells, Vec2::splat(CELL), Vec2::ZERO).unwrap();
        for v in SENSOR_VALUES {
            tiles.set_sensor_value(v, true);
        }
        let mut world = StaticWorld::new(tiles);
        let rect = |b: &Aabb| Rect {
            half_extents: b.half_extents,
        };
        for b in &self.solids {
            let pose = Pose::from_position(b.center);
            world.bodies.add(rect(b), pose, Layers::ALL).unwrap();
        }
        if sensors {
            for b in &self.sensors {
                let pose = Pose::from_position(b.center);
                let h = world.bodies.add(rect(b), pose, Layers::ALL).unwrap();
                world.bodies.set_sensor(h, true);
            }
        }
        world.bodies.refresh();
        world
    }

    /// The boxes of its solid whole cells and solid bodies, in `f64`: what no path enters.
    fn solid_boxes(&self) -> Vec<(u32, DVec2, DVec2)> {
        let mut out = Vec::new();
        for (i, &c) in self.cells.iter().enumerate() {
            if c == 1 {
                let at = Vec2::new((i as u32 % WIDTH) as f32, (i as u32 / WIDTH) as f32);
                out.push((0, DVec2::of(at * CELL), DVec2::of((at + 1.0) * CELL)));
            }
        }
        for b in &self.solids {
            out.push((0, DVec2::of(b.min()), DVec2::of(b.max())));
        }
        out
    }

    /// Every sensor's id (as the world names it) and its box, in `f64`.
    fn sensor_boxes(&self, world: &StaticWorld) -> Vec<(u32, DVec2, DVec2)> {
        let mut out = Vec::new();
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                let (lo, hi) = match world.tiles.sensor(x, y) {
                    Some(5) => (Vec2::new(0.0, 0.0), Vec2::new(1.0, 1.0)),
                    Some(0xE0) => (Vec2::new(0.0, 0.5), Vec2::new(1.0, 1.0)),
                    _ => continue,
                };
                let at = Vec2::new(x as f32, y as f32);
                let id = collide_world::TILE_IDS + world.tiles.cell_index(x, y);
                out.push((id, DVec2::of((at + lo) * CELL), DVec2::of((at + hi) * CELL)));
            }
        }
        let first = self.solids.len() as u32;
        for (i, b) in self.sensors.iter().enumerate() {
            let (lo, hi) = (DVec2::of(b.min()), DVec2::of(b.max()));
            out.push((first + i as u32, lo, hi));
        }
        out
    }
}

/// How far the body at `at` reaches into the box `lo..hi` (positive inside, negative apart):
/// its overlap along the thinner axis for a box, the radius less the distance for a circle.
fn reach(shape: &Shape, at: DVec2, (lo, hi): (DVec2, DVec2)) -> f64 {
    match shape {
        Shape::Rect(r) => {
            let h = DVec2::of(r.half_extents);
            let x = (at.x + h.x).min(hi.x) - (at.x - h.x).max(lo.x);
            let y = (at.y + h.y).min(hi.y) - (at.y - h.y).max(lo.y);
            x.min(y)
        }
        Shape::Circle(c) => {
            let near = DVec2 {
                x: at.x.clamp(lo.x, hi.x),
                y: at.y.clamp(lo.y, hi.y),
            };
            f64::from(c.radius) - at.distance(near)
        }
        Shape::Hull(_) => unreachable!("the movers are boxes and circles"),
    }
}

/// The sensors the dense samples along the move's path reach into by more than `margin`,
/// each with the distance along the path of its first such sample.
fn oracle(
    shape: &Shape,
    m: &CharacterMove,
    boxes: &[(u32, DVec2, DVec2)],
    margin: f64,
) -> Vec<(u32, f64)> {
    let path: Vec<DVec2> = m.path().iter().map(|&p| DVec2::of(p)).collect();
    let mut first: Vec<(u32, f64)> = Vec::new();
    let mut travelled = 0.0;
    let legs = path.windows(2).map(|w| (w[0], w[1]));
    for (a, b) in legs.chain((path.len() == 1).then(|| (path[0], path[0]))) {
        let len = a.distance(b);
        let samples = (len / 0.05).ceil().max(1.0) as usize;
        for k in 0..=samples {
            let s = k as f64 / samples as f64;
            let at = a.lerp(b, s);
            for &(id, lo, hi) in boxes {
                if reach(shape, at, (lo, hi)) > margin && !first.iter().any(|f| f.0 == id) {
                    first.push((id, travelled + s * len));
                }
            }
        }
        travelled += len;
    }
    first
}

/// Whether the body at `at` reaches into one of `boxes` (a start the level put it in).
fn inside_at(shape: &Shape, at: Vec2, boxes: &[(u32, DVec2, DVec2)]) -> bool {
    boxes
        .iter()
        .any(|&(_, lo, hi)| reach(shape, DVec2::of(at), (lo, hi)) > 1e-3)
}

proptest! {
    #![proptest_config(config(40, 0x5EED_5E75))]

    /// Sensors never change the motion, and every one the path surely touches is reported,
    /// none it surely misses, in path order, each about where the samples first touch it.
    #[test]
    fn sensors_never_change_the_motion_and_are_all_reported(
        level in level(),
        circle in any::<bool>(),
        x in 20.0f32..360.0,
        inputs in prop::collection::vec((-6.0f32..6.0, 0u8..12), 50),
    ) {
        let shape: Shape = if circle {
            Circle { radius: 6.0 }.into()
        } else {
            Rect { half_extents: Vec2::new(4.0, 7.0) }.into()
        };
        let settings = CharacterSettings::new(Vec2::Y)
            .with_snap_length(4.0)
            .with_max_step_height(6.0);
        let (with, without) = (level.world(true), level.world(false));
        let boxes = level.sensor_boxes(&with);
        let solids = level.solid_boxes();
        let start = Vec2::new(x, (HEIGHT as f32 - 1.5) * CELL);
        let mut a = Character::new(shape, start, settings).unwrap();
        let mut b = Character::new(shape, start, settings).unwrap();
        let mut velocity = Vec2::ZERO;
        for (walk, jump) in inputs {
            velocity.x = walk;
            velocity.y = if jump == 0 && a.on_floor() { 8.0 } else { (velocity.y - 0.5).max(-14.0) };
            let from = a.position();
            let ma = *a.move_by(velocity, &with);
            // The path is the move's: from where it was to where it is, never through a solid.
            prop_assert_eq!((ma.path()[0], *ma.path().last().unwrap()), (from, ma.position));
            let through = oracle(&shape, &ma, &solids, 1e-3);
            prop_assert!(through.is_empty() || inside_at(&shape, from, &solids), "{:?}", ma);
            let mb = *b.move_by(velocity, &without);
            prop_assert_eq!(ma.position, mb.position);
            prop_assert_eq!(ma.path(), mb.path());
            prop_assert_eq!(ma.contacts(), mb.contacts());
            prop_assert_eq!((ma.on_floor, ma.platform), (mb.on_floor, mb.platform));
            prop_assert!(b.sensors().is_empty());
            velocity = a.clip_velocity(velocity);

            let reported: Vec<(u32, f64)> =
                a.sensors().iter().map(|s| (s.obstacle, f64::from(s.distance))).collect();
            let surely = oracle(&shape, &ma, &boxes, 1e-3);
            let maybe = oracle(&shape, &ma, &boxes, -1e-3);
            for (id, _) in &surely {
                prop_assert!(reported.iter().any(|r| r.0 == *id), "{} missed: {:?}", id, reported);
            }
            for &(id, d) in &reported {
                let seen = maybe.iter().find(|m| m.0 == id);
                prop_assert!(seen.is_some(), "{} reported, never touched", id);
                // About where the samples first reach it (a sample's spacing, and rounding).
                prop_assert!(seen.unwrap().1 <= d + 0.06, "{} at {} sampled at {:?}", id, d, seen);
                if let Some(s) = surely.iter().find(|m| m.0 == id) {
                    prop_assert!(d <= s.1 + 0.06, "{} at {} surely at {}", id, d, s.1);
                }
            }
            prop_assert!(reported.windows(2).all(|w| (w[0].1, w[0].0) <= (w[1].1, w[1].0)));
            prop_assert!(!a.sensors_truncated());
        }
    }
}
