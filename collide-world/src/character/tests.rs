//! The walk along a level floor without a slide into it first makes the moves the plain walk
//! makes: seeded levels of a floor that drops or rises at a seam, with a block on it, walked
//! by a box and a circle both ways, each frame compared with and without it.

use std::cell::Cell;

use collide_core::{Circle, Pose, Rect, Shape};
use collide_testkit::proptest_config as config;
use glam::Vec2;
use proptest::prelude::*;

use super::{Character, CharacterSettings};
use crate::Obstacle;

thread_local! {
    /// Set by a test to walk the plain way, with a slide into the floor first.
    pub(super) static PLAIN_WALK: Cell<bool> = const { Cell::new(false) };
}

/// A floor with its top at y = 0 left of `seam` and at `-drop` right of it, and a 16-wide
/// block `tall` high standing on it at `block`.
fn level(seam: f32, drop: f32, block: f32, tall: f32) -> [(Rect, Pose); 3] {
    let half = |w: f32, h: f32| Rect {
        half_extents: Vec2::new(w, h),
    };
    [
        (
            half(500.0, 10.0),
            Pose::from_position(Vec2::new(seam - 500.0, -10.0)),
        ),
        (
            half(500.0, 10.0),
            Pose::from_position(Vec2::new(seam + 500.0, -10.0 - drop)),
        ),
        (
            half(8.0, tall / 2.0),
            Pose::from_position(Vec2::new(block, tall / 2.0)),
        ),
    ]
}

fn moved(
    plain: bool,
    c: &mut Character,
    travel: Vec2,
    level: &[Obstacle<'_>],
) -> super::CharacterMove {
    PLAIN_WALK.with(|p| p.set(plain));
    let m = *c.move_by(travel, level);
    PLAIN_WALK.with(|p| p.set(false));
    m
}

proptest! {
    #![proptest_config(config(160, 0x1E7E_1F10))]

    #[test]
    fn a_level_walk_moves_as_the_plain_walk(
        seam in -40.0f32..40.0,
        drop in prop_oneof![Just(0.0f32), -8.0f32..12.0],
        block in -60.0f32..60.0,
        tall in 0.5f32..30.0,
        speed in -14.0f32..14.0,
        step in prop_oneof![Just(0.0f32), Just(6.0f32)],
        round in any::<bool>(),
    ) {
        let shapes = level(seam, drop, block, tall);
        let level: Vec<Obstacle<'_>> = shapes
            .iter()
            .enumerate()
            .map(|(i, (r, p))| Obstacle::new(i as u32, *r, *p))
            .collect();
        let shape: Shape = if round {
            Circle { radius: 6.0 }.into()
        } else {
            Rect { half_extents: Vec2::new(4.0, 8.0) }.into()
        };
        let settings = CharacterSettings::new(Vec2::Y).with_snap_length(4.0).with_max_step_height(step);
        let start = Vec2::new(-100.0 * speed.signum() + seam, 9.0);
        let mut plain = Character::new(shape, start, settings).unwrap();
        for _ in 0..4 {
            moved(true, &mut plain, Vec2::new(0.0, -1.0), &level);
        }
        prop_assume!(plain.on_floor());
        let mut level_walk = plain.clone();
        for frame in 0..30 {
            let travel = Vec2::new(speed, -0.5);
            let a = moved(true, &mut plain, travel, &level);
            let b = moved(false, &mut level_walk, travel, &level);
            prop_assert!((a.position - b.position).length() < 1e-3, "frame {}: {:?} against {:?}", frame, a, b);
            prop_assert_eq!((a.on_floor, a.platform, a.stepped, a.snapped), (b.on_floor, b.platform, b.stepped, b.snapped), "frame {}", frame);
            prop_assert_eq!((a.on_wall, a.on_ceiling), (b.on_wall, b.on_ceiling), "frame {}", frame);
        }
    }
}
