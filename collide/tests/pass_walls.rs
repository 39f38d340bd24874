//! A body that turns in the collision pass never ends inside a wall: one that starts touching
//! a wall and turns along it keeps a skin from it, whatever it meets afterwards.

use collide::{Body, CollisionPass, PassSettings, Reaction, Response, TileMap};
use collide_core::{Hull, Pose, Rect, Rot, Shape};
use collide_testkit::proptest_config;
use glam::Vec2;
use proptest::prelude::*;
use proptest::test_runner::Config;

/// Answers the hits on body 0 with `answers` in turn (then `Stop`), and carries the rest.
fn in_turn(answers: &[Reaction]) -> impl FnMut(&collide::PassHit) -> Response + '_ {
    let mut next = 0;
    move |h| {
        if h.a != 0 {
            return Response::CARRY;
        }
        let a = answers.get(next).copied().unwrap_or(Reaction::Stop);
        next += 1;
        Response {
            a,
            b: Reaction::Carry,
        }
    }
}

/// A diamond turned 1.86 rad starts with a vertex exactly on a wall's face (x = 0) and slides
/// down it, bounces off a small box beside it, then off the wall, and stops at the box: it
/// ran along the wall exactly touching it (a skin short on its path was the start itself),
/// and ended within rounding inside the wall. It keeps a skin from the wall.
#[test]
fn a_turned_hull_sliding_down_a_wall_it_touches_never_ends_inside() {
    let rows = [
        "#.#", "#.#", "#.#", "###", "###", "#.#", "#.#", "#.#", "###", "#.#", "#.#", "#.#", "###",
        "###", "#.#", "###", "#.#", "#.#", "###", "#.#", "###", "###",
    ];
    let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let diamond = Hull::new(&[
        Vec2::new(11.141192, 0.0),
        Vec2::new(-4.86997e-7, 11.141192),
        Vec2::new(-11.141192, -9.73994e-7),
        Vec2::new(1.328574e-7, -11.141192),
    ])
    .unwrap();
    let turn = Rot::from_angle(1.859_264_6);
    let still = Rect {
        half_extents: Vec2::new(0.245, 0.1425),
    };
    let bodies = [
        Body::new(
            &diamond,
            Vec2::new(-10.680847, 68.36758),
            Vec2::new(-6.313_324_5, 21.344_381),
        )
        .with_rotation(turn),
        Body::stationary(still, Vec2::new(-20.24013, 40.634476)),
    ];
    let answers = [
        Reaction::Slide,
        Reaction::Bounce { restitution: 0.0 },
        Reaction::Bounce { restitution: 0.0 },
        Reaction::Stop,
    ];
    let mut pass =
        CollisionPass::default().with_settings(PassSettings::default().with_max_turns(8));
    pass.run(&bodies, &map, in_turn(&answers)).unwrap();
    let end = pass.outcomes()[0].position;
    assert_eq!(pass.outcomes()[0].turns, 4, "{:?}", pass.turns());
    assert!(!map.overlaps(&diamond, &Pose::new(end, turn)), "{end}");
    // Off the wall by the skin, still beside it.
    assert!(end.x < -10.680847 && end.x > -10.680847 - 0.02, "{end}");
}

/// A fixed-seed proptest configuration with `cases` cases.
fn config(cases: u32, seed: u64) -> Config {
    Config {
        max_global_rejects: 20_000,
        ..proptest_config(cases, seed)
    }
}

/// A turned hull: a diamond, a box or a regular polygon, `size` across at most.
fn hull(size: f32) -> impl Strategy<Value = (Shape, Rot)> {
    (
        0usize..3,
        0.2f32..1.0,
        0.2f32..1.0,
        3usize..9,
        0.0f32..core::f32::consts::TAU,
    )
        .prop_map(move |(kind, a, b, sides, turn)| {
            let hull = match kind {
                0 => Hull::regular(4, a * size),
                1 => Hull::from_half_extents(Vec2::new(a, a * b) * size),
                _ => Hull::regular(sides, a * size),
            };
            (hull.unwrap().into(), Rot::from_angle(turn))
        })
}

/// Where a body of `shape` turned by `turn` stands exactly touching the face of the cell at
/// `(x, y)` whose outward normal is `out`, `along` (−1 to 1) of a cell off its middle.
fn touching(
    map: &TileMap,
    (x, y): (u32, u32),
    out: Vec2,
    along: f32,
    shape: &Shape,
    turn: Rot,
) -> Vec2 {
    let face = map.cell_center(x, y) + out * map.cell_size() * 0.5;
    let at_origin = shape.as_shape_ref().aabb(&Pose::new(Vec2::ZERO, turn));
    let near = if out.x + out.y > 0.0 {
        -at_origin.min()
    } else {
        -at_origin.max()
    };
    let mut at = face + Vec2::new(out.y.abs(), out.x.abs()) * along * map.cell_size();
    if out.x != 0.0 {
        at.x = face.x + near.x;
    } else {
        at.y = face.y + near.y;
    }
    at
}

proptest! {
    #![proptest_config(config(1_500, 0x5ea6))]

    /// Turned hulls starting exactly touching a face of a random map of 16-unit tiles, moving
    /// up to 200 units a frame beside a few small still boxes, each hit answered by a slide,
    /// a bounce (restitution 0 or 1) or a stop in a seeded order, at most 8 turns: the hull
    /// never ends inside a tile.
    #[test]
    fn a_turned_hull_starting_on_a_wall_never_ends_inside_a_tile(
        (columns, rows, density, seed) in (3u32..8, 3u32..24, 0.3f32..0.8, any::<u64>()),
        (shape, turn) in hull(12.0),
        (pick, along) in (0.0f32..1.0, -0.7f32..0.7),
        travel in (-1.0f32..1.0, -1.0f32..1.0, 1.0f32..200.0),
        boxes in prop::collection::vec((-1.0f32..1.0, -1.0f32..1.0, 0.05f32..2.0), 0..3),
        answers in prop::collection::vec(0usize..4, 8),
    ) {
        let mut solid = collide_testkit::SplitMix64::new(seed);
        let map = TileMap::from_fn(columns, rows, Vec2::splat(16.0), Vec2::ZERO, |_, _| {
            u8::from(solid.unit() < density)
        })
        .unwrap();
        let sides = [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y];
        let exposed: Vec<((u32, u32), Vec2)> = (0..rows)
            .flat_map(|y| (0..columns).map(move |x| (x, y)))
            .filter(|&(x, y)| map.is_solid(x, y))
            .flat_map(|c| sides.map(|out| (c, out)))
            .filter(|&((x, y), out)| {
                let (nx, ny) = (x as i64 + out.x as i64, y as i64 + out.y as i64);
                nx < 0 || ny < 0 || !map.is_solid(nx as u32, ny as u32)
            })
            .collect();
        prop_assume!(!exposed.is_empty());
        let (cell, out) = exposed[(pick * exposed.len() as f32) as usize % exposed.len()];
        let from = touching(&map, cell, out, along, &shape, turn);
        prop_assume!(!map.overlaps(shape.as_shape_ref(), &Pose::new(from, turn)));
        let to = from + Vec2::new(travel.0, travel.1) * travel.2;
        let still: Vec<(Rect, Vec2)> = boxes
            .iter()
            .map(|&(x, y, s)| (Rect { half_extents: Vec2::new(s, 0.6 * s) }, from + Vec2::new(x, y) * 24.0))
            .collect();
        let mut bodies = vec![Body::new(shape.as_shape_ref(), from, to).with_rotation(turn)];
        bodies.extend(still.iter().map(|(r, at)| Body::stationary(*r, *at)));
        let answers: Vec<Reaction> = answers
            .iter()
            .map(|&k| match k {
                0 => Reaction::Slide,
                1 => Reaction::Bounce { restitution: 0.0 },
                2 => Reaction::Bounce { restitution: 1.0 },
                _ => Reaction::Stop,
            })
            .collect();
        let mut pass =
            CollisionPass::default().with_settings(PassSettings::default().with_max_turns(8));
        pass.run(&bodies, &map, in_turn(&answers)).unwrap();
        let end = pass.outcomes()[0].position;
        prop_assert!(
            !map.overlaps(shape.as_shape_ref(), &Pose::new(end, turn)),
            "{:?} {:?} from {} to {}: ends at {}, turns {:?}", shape, turn, from, to, end, pass.turns()
        );
    }
}
