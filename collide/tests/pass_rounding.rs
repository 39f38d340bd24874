//! The pass's responses where a turn goes back in time or rounding is as large as the skin: a
//! body put a skin short of an impact before the hit being answered meets what its new path
//! meets in the order it meets it, and with a skin of zero, below zero, or far from the origin
//! no body that turns at every hit ends the frame inside a tile (a loop over every solid cell
//! checks it).

mod common;

use collide::{Body, CollisionPass, PassHit, PassSettings, Reaction, Response, TileMap};
use collide_core::{Circle, Pose};
use collide_testkit::SplitMix64;
use common::tiles::{any_mover, far_map, inside_a_cell};
use glam::Vec2;

/// Where body `body` ends the frame: its last turn's end, or its own end if it never turned.
fn frame_end(pass: &CollisionPass, body: usize, own_end: Vec2) -> Vec2 {
    let last = pass.turns().iter().rfind(|t| t.body == body);
    last.map_or(own_end, |turn| turn.end())
}

/// A ball within the skin of a tile above it is sent off up and to the left by its first hit:
/// put a skin short of that impact, it is put back to the start of the frame, and its new path
/// enters the tile above almost at once and reaches another tile later, both before the hit
/// that sent it. Both of those hits wait for that moment; the tile it reaches first must be
/// answered first. Answered by tile number instead, the ball used to stop a skin short of the
/// second tile, 0.037 inside the first.
#[test]
fn hits_that_wait_for_the_same_moment_come_in_the_order_the_path_meets_them() {
    let rows = [
        "...............",
        "..#.#...#....#.",
        "...#...#..#.#.#",
        "....#.#........",
        "......#........",
        "..........#....",
        ".##........##..",
        "........#......",
        "..........#....",
        ".....#..##....#",
        ".............#.",
        ".........#.....",
        "...#..........#",
        "...#.#.#...#...",
    ];
    let origin = Vec2::new(-0.286_769_4, -0.606_410_74);
    let map = TileMap::from_rows(&rows, Vec2::splat(0.25), origin).unwrap();
    let ball = Circle {
        radius: 0.123_729_44,
    };
    let start = Vec2::new(3.361_425_6, 1.956_280_2);
    let end = Vec2::new(16.350_882, 39.676_327);
    assert!(!inside_a_cell(
        &map,
        ball.into(),
        &Pose::from_position(start)
    ));
    let bodies = [Body::new(ball, start, end)];
    let mut pass = CollisionPass::default().with_settings(PassSettings::default().with_skin(0.1));
    let mut answered = 0;
    pass.run(&bodies, &map, |_: &PassHit| {
        answered += 1;
        let sent_off = Reaction::Velocity(Vec2::new(-275.774_5, 162.622_63));
        Response::a(if answered == 1 {
            sent_off
        } else {
            Reaction::Stop
        })
    })
    .unwrap();
    assert!(pass.turns().len() >= 2, "{:?}", pass.turns());
    for turn in pass.turns() {
        let at = Pose::from_position(turn.position);
        assert!(!inside_a_cell(&map, ball.into(), &at), "{turn:?}");
    }
    let last = Pose::from_position(frame_end(&pass, 0, end));
    assert!(!inside_a_cell(&map, ball.into(), &last));
}

/// Seeded frames on small tile maps, up to a million units from the origin, of a few bodies of
/// every shape (at least 64 ulps of their coordinates across), turned or not, that stop,
/// slide, bounce or take a new velocity at every hit on a tile, with the default skin, none,
/// or one below zero: none ends the frame inside a tile.
#[test]
fn a_body_turning_at_every_hit_never_ends_inside_at_any_scale_or_skin() {
    let mut rng = SplitMix64::new(0xB0_0CE);
    let mut checked = 0;
    for _ in 0..4_000 {
        let map = far_map(&mut rng, &[1.0, 16.0, 100.0]);
        let cell = map.cell_size().x;
        let reach = map.bounds().min().abs().max(map.bounds().max().abs());
        let least = 64.0 * reach.max_element() * f32::EPSILON;
        let mut movers = Vec::new();
        for _ in 0..1 + rng.index(5) {
            let size = (cell * rng.range(0.1, 2.0)).max(least);
            let (shape, turn, start, travel) = any_mover(&mut rng, &map, size);
            let end = start + travel;
            if !inside_a_cell(&map, shape.as_shape_ref(), &Pose::new(start, turn)) {
                movers.push((shape, turn, start, end));
            }
        }
        let bodies: Vec<Body<'_>> = movers
            .iter()
            .map(|(shape, turn, start, end)| Body::new(shape, *start, *end).with_rotation(*turn))
            .collect();
        let skin = [collide_core::DEFAULT_SKIN, 0.0, -1.0][rng.index(3)];
        let mut pass =
            CollisionPass::default().with_settings(PassSettings::default().with_skin(skin));
        let mut choices = SplitMix64::new(rng.next_u64());
        pass.run(&bodies, &map, |hit: &PassHit| {
            let reaction = match choices.index(4) {
                0 => Reaction::Stop,
                1 => Reaction::Slide,
                2 => Reaction::Bounce {
                    restitution: choices.unit(),
                },
                _ => Reaction::Velocity(choices.direction() * choices.range(0.0, 500.0)),
            };
            // The bodies pass through each other: only the tiles turn them.
            if hit.b.obstacle().is_some() {
                Response::a(reaction)
            } else {
                Response::CARRY
            }
        })
        .unwrap();
        for (i, (shape, turn, start, end)) in movers.iter().enumerate() {
            checked += 1;
            let last = Pose::new(frame_end(&pass, i, *end), *turn);
            assert!(
                !inside_a_cell(&map, shape.as_shape_ref(), &last),
                "{shape:?} turned {turn:?} from {start:?} to {end:?}, skin {skin}, cells \
                 {cell} from {:?}: ends at {:?} ({:?})",
                map.origin(),
                last.position,
                pass.turns()
            );
        }
    }
    assert!(checked > 4_000, "only {checked} bodies started outside");
}
