//! Round movers (a circle and a regular hexagon, whose lower sides slant) on a platformer's
//! curb and ramp crest: walking off a 4-unit curb they stay on the floor, walking into it
//! slowly they step it in the move that meets it, and walking off the half tiles onto a 45°
//! ramp they stay on the floor.

use collide_core::{Circle, Hull, Rot, Shape, DEFAULT_SKIN};
use collide_world::{Character, CharacterSettings, SlideSettings, StaticBodies};
use glam::Vec2;

mod character_common;

use character_common::{inside_any, Level};
use collide_testkit::proptest_config as config;
use proptest::prelude::*;

/// One frame of gravity, units per frame per frame.
const PRESS: f32 = 0.5;

/// The curb: 4 units tall, from x = 448 to 512.
const CURB: (f32, f32, f32) = (448.0, 512.0, 4.0);

/// The walking speeds, units per frame.
const SPEEDS: [f32; 5] = [1.0, 2.0, 3.0, 4.5, 6.0];

/// A platformer's settings: snap 8, step 6, floor angle 50°.
fn settings() -> CharacterSettings {
    CharacterSettings::new(Vec2::Y)
        .with_snap_length(8.0)
        .with_max_step_height(6.0)
        .with_slide(
            SlideSettings::new(Vec2::Y)
                .with_skin(DEFAULT_SKIN)
                .with_max_floor_angle(50f32.to_radians()),
        )
}

/// The round movers, by name, with how far below their centre their lowest point is.
fn movers() -> [(&'static str, Shape, f32); 2] {
    let hexagon = Hull::regular(6, 8.0).unwrap();
    let reach = -hexagon.support(Vec2::NEG_Y).1.y;
    [
        ("circle", Circle { radius: 6.0 }.into(), 6.0),
        ("hexagon", hexagon.into(), reach),
    ]
}

/// Ground (top at y = 0), the curb, a 45° ramp up from x = 256 to 288 and a run of half
/// tiles (16 × 8) on top of it, to x = 352, and the ramp down to x = 384.
fn level() -> StaticBodies {
    Level::ground()
        .with_box(Vec2::new(CURB.0, 0.0), Vec2::new(CURB.1, CURB.2))
        .with_hull(&[
            Vec2::new(256.0, 0.0),
            Vec2::new(288.0, 0.0),
            Vec2::new(288.0, 32.0),
        ])
        .with_box(Vec2::new(288.0, 24.0), Vec2::new(304.0, 32.0))
        .with_box(Vec2::new(304.0, 24.0), Vec2::new(320.0, 32.0))
        .with_box(Vec2::new(320.0, 24.0), Vec2::new(336.0, 32.0))
        .with_box(Vec2::new(336.0, 24.0), Vec2::new(352.0, 32.0))
        .with_hull(&[
            Vec2::new(352.0, 0.0),
            Vec2::new(384.0, 0.0),
            Vec2::new(352.0, 32.0),
        ])
        .static_bodies()
}

/// A walk of `frames` frames at `speed` along x (gravity pressing it down), from standing
/// at `at`; `check` sees each frame's start and what the move did.
fn walk(
    shape: &Shape,
    at: Vec2,
    speed: f32,
    frames: usize,
    bodies: &StaticBodies,
    mut check: impl FnMut(Vec2, &collide_world::CharacterMove),
) -> Character {
    let mut player = Character::new(*shape, at, settings()).unwrap();
    player.move_by(Vec2::new(0.0, -PRESS), bodies);
    assert!(player.on_floor(), "{at}: {:?}", player.last_move());
    let mut fall = 0.0;
    for _ in 0..frames {
        fall = if player.on_floor() {
            PRESS
        } else {
            fall + PRESS
        };
        let from = player.position();
        let moved = player.move_by(Vec2::new(speed, -fall), bodies);
        check(from, moved);
    }
    player
}

#[test]
fn round_movers_walking_off_the_curb_stay_on_the_floor() {
    let bodies = level();
    for (name, shape, reach) in movers() {
        for speed in SPEEDS.iter().flat_map(|&s| [s, -s]) {
            let mid = (CURB.0 + CURB.1) / 2.0;
            let at = Vec2::new(mid, CURB.2 + reach + 0.1);
            let frames = (60.0 / speed.abs()) as usize;
            let end = walk(&shape, at, speed, frames, &bodies, |from, m| {
                assert!(m.on_floor, "{name} at {speed} from {from}: {m:?}");
            });
            let x = end.position().x;
            assert!(x < CURB.0 - 8.0 || x > CURB.1 + 8.0, "{name} at {speed}");
            assert!((end.position().y - reach).abs() < 0.05, "{name} at {speed}");
        }
    }
}

#[test]
fn slow_round_movers_step_the_curb_in_the_move_that_meets_it() {
    let bodies = level();
    for (name, shape, reach) in movers() {
        for speed in [1.0f32, 2.0, 3.0, -1.0, -2.0, -3.0] {
            let x = if speed > 0.0 { 420.0 } else { 540.0 };
            let frames = (60.0 / speed.abs()) as usize;
            let end = walk(
                &shape,
                Vec2::new(x, reach + 0.1),
                speed,
                frames,
                &bodies,
                |from, m| {
                    let along = (m.position.x - from.x) * speed.signum();
                    assert!(
                        along > speed.abs() / 2.0,
                        "{name} at {speed} from {from}: {m:?}"
                    );
                    assert!(m.on_floor, "{name} at {speed} from {from}: {m:?}");
                },
            );
            let on_curb = CURB.2 + reach;
            assert!(
                (end.position().y - on_curb).abs() < 0.05,
                "{name} at {speed}: {end:?}"
            );
        }
    }
}

#[test]
fn round_movers_leaving_the_half_tiles_for_the_ramp_stay_on_the_floor() {
    let bodies = level();
    for (name, shape, reach) in movers() {
        for speed in SPEEDS.iter().flat_map(|&s| [s, -s]) {
            // On the half tiles, near the ramp on the side it walks to.
            let x = if speed > 0.0 { 340.0 } else { 300.0 };
            let frames = (40.0 / speed.abs()) as usize;
            walk(
                &shape,
                Vec2::new(x, 32.0 + reach + 0.1),
                speed,
                frames,
                &bodies,
                |from, m| {
                    assert!(m.on_floor, "{name} at {speed} from {from}: {m:?}");
                },
            );
        }
    }
}

/// The hexagon walking left across the corner where the 45° ramp's top meets the half tiles:
/// at x = 292 its lowest left corner meets the ramp's top corner while its bottom rests on
/// the half tile, and the look below meets the corner first (a wall) and the floor with it.
#[test]
fn the_hexagon_at_the_ramp_crest_stays_on_the_floor() {
    let bodies = level();
    let [_, (name, shape, _)] = movers();
    for speed in SPEEDS {
        walk(
            &shape,
            Vec2::new(292.0 + speed, 38.94),
            -speed,
            8,
            &bodies,
            |from, m| {
                assert!(m.on_floor, "{name} at {speed} from {from}: {m:?}");
            },
        );
    }
}

/// Ground and a curb of `height` from x = 448 to 512.
fn curb(height: f32) -> Level {
    Level::ground().with_box(Vec2::new(CURB.0, 0.0), Vec2::new(CURB.1, height))
}

proptest! {
    #![proptest_config(config(64, 0x5EED_C0B1))]

    /// Over a curb from 2.5 units up to the step's height, at any walking speed from a crawl
    /// to a run, either way, a round mover walks up it and down off it: every frame on the
    /// floor, each moving on by at least half its speed, never inside the level, and on the
    /// ground again past the curb. (A curb lower than about a third of the circle's radius
    /// meets its round side within the floor angle: no step, the walk rolls over the edge.)
    #[test]
    fn round_movers_walk_over_any_curb_within_the_step(
        height in 2.5f32..6.0,
        speed in 0.5f32..6.0,
        rightward: bool,
        hexagon: bool,
        offset in 0.0f32..16.0,
    ) {
        let level = curb(height);
        let (bodies, obstacles) = (level.static_bodies(), level.obstacles());
        let (name, shape, reach) = movers()[usize::from(hexagon)];
        let speed = if rightward { speed } else { -speed };
        let x = if rightward { 420.0 - offset } else { 540.0 + offset };
        let frames = (140.0 / speed.abs()) as usize;
        let end = walk(&shape, Vec2::new(x, reach + 0.1), speed, frames, &bodies, |from, m| {
            let along = (m.position.x - from.x) * speed.signum();
            assert!(along > speed.abs() / 2.0, "{name} at {speed} from {from}: {m:?}");
            assert!(m.on_floor, "{name} at {speed} from {from}: {m:?}");
            let inside = inside_any(&shape, m.position, Rot::IDENTITY, &obstacles);
            assert!(!inside, "{name} at {speed} from {from}: {m:?}");
        });
        prop_assert!((end.position().y - reach).abs() < 0.05, "{} at {}: {:?}", name, speed, end);
    }
}
