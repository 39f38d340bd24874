//! The list of obstacles near a move changes nothing: seeded levels of static tiles, ramps
//! and one-way planks, crossed by a box, a circle and a hexagon at walking and falling speeds
//! and at speeds whose boxes hold more obstacles than the list, each move made with the list
//! and without it (every query asking the set's index) and compared bit for bit.

use std::cell::Cell;

use collide_core::{Circle, Hull, Layers, Pose, Rect, Shape};
use glam::Vec2;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

use super::{Character, CharacterMove, CharacterSettings};
use crate::StaticBodies;

thread_local! {
    /// Set by a test to make every query of a move ask the set itself.
    pub(super) static DIRECT: Cell<bool> = const { Cell::new(false) };
}

/// A floor of 16-unit tiles from x = -320 to 320 whose tops step by `heights` (a tile each,
/// cycled), a 45° ramp on it at `ramp`, and a one-way plank 24 units above it at `plank`.
fn level(heights: &[f32], ramp: f32, plank: f32) -> StaticBodies {
    let mut bodies = StaticBodies::new();
    let tile = Rect {
        half_extents: Vec2::splat(8.0),
    };
    for (i, x) in (-20_i32..20).map(|i| (i, 16.0 * i as f32 + 8.0)) {
        let top = heights[i.rem_euclid(heights.len() as i32) as usize];
        let at = Pose::from_position(Vec2::new(x, top - 8.0));
        bodies.add(tile, at, Layers::ALL).unwrap();
    }
    let wedge = [Vec2::ZERO, Vec2::new(16.0, 0.0), Vec2::new(16.0, 16.0)];
    let wedge = Hull::new(&wedge).unwrap();
    bodies
        .add(
            wedge,
            Pose::from_position(Vec2::new(ramp, 0.0)),
            Layers::ALL,
        )
        .unwrap();
    let board = Rect {
        half_extents: Vec2::new(24.0, 2.0),
    };
    let plank = bodies
        .add(
            board,
            Pose::from_position(Vec2::new(plank, 24.0)),
            Layers::ALL,
        )
        .unwrap();
    bodies.set_one_way(plank, Some(Vec2::Y));
    bodies.refresh();
    bodies
}

fn mover(kind: u8) -> Shape {
    match kind {
        0 => Rect {
            half_extents: Vec2::new(5.0, 9.0),
        }
        .into(),
        1 => Circle { radius: 6.0 }.into(),
        _ => Hull::regular(6, 8.0).unwrap().into(),
    }
}

fn moved(direct: bool, c: &mut Character, travel: Vec2, level: &StaticBodies) -> CharacterMove {
    DIRECT.with(|d| d.set(direct));
    let m = *c.move_by(travel, level);
    DIRECT.with(|d| d.set(false));
    m
}

proptest! {
    #![proptest_config(Config {
        cases: 96,
        rng_seed: RngSeed::Fixed(0x4EA5_B0B5),
        failure_persistence: None,
        ..Config::default()
    })]

    #[test]
    fn a_move_through_the_nearby_list_is_the_move_through_the_index(
        heights in prop::collection::vec(prop_oneof![Just(0.0f32), -4.0f32..6.0], 1..5),
        ramp in -200.0f32..200.0,
        plank in -200.0f32..200.0,
        kind in 0u8..3,
        x in -250.0f32..250.0,
        speed in prop_oneof![-8.0f32..8.0, -400.0f32..400.0],
        jump in prop_oneof![Just(0.0f32), 2.0f32..12.0],
    ) {
        let level = level(&heights, ramp, plank);
        let settings = CharacterSettings::new(Vec2::Y)
            .with_snap_length(6.0)
            .with_max_step_height(5.0);
        let mut direct = Character::new(mover(kind), Vec2::new(x, 40.0), settings).unwrap();
        let mut listed = direct.clone();
        for frame in 0..40 {
            let rise = if frame % 12 == 0 { jump } else { -2.0 };
            let travel = Vec2::new(speed, rise);
            let a = moved(true, &mut direct, travel, &level);
            let b = moved(false, &mut listed, travel, &level);
            prop_assert_eq!(a, b, "frame {}", frame);
        }
    }
}
