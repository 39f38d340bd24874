//! A character on slopes: standing still on a floor slope, landing on one, walking up and down
//! at the speed asked for, and a slope too steep for a floor. Each test runs the same frames
//! with a plain `move_and_slide` too, and shows what the character fixes.

mod character_common;

use character_common::*;
use collide_world::CharacterSettings;
use glam::Vec2;

/// A 26.6° ramp (rise 1 in 2) from x = 0 to 200, 100 high.
fn long_ramp() -> Level {
    Level::ground().with_hull(&[
        Vec2::new(0.0, 0.0),
        Vec2::new(200.0, 0.0),
        Vec2::new(200.0, 100.0),
    ])
}

/// Where the player stands on the long ramp at `x`: its bottom-right corner on the slope.
fn on_long_ramp(x: f32) -> Vec2 {
    Vec2::new(x, (x + 4.0) / 2.0 + 8.0 + 0.02)
}

#[test]
fn standing_still_on_a_floor_slope_does_not_slide() {
    let level = long_ramp();
    let level = level.obstacles();
    let start = on_long_ramp(100.0);
    let (mut pos, mut vel) = (start, Vec2::ZERO);
    for _ in 0..120 {
        plain_frame(&mut pos, &mut vel, 0.0, &level);
    }
    assert!(start.x - pos.x > 10.0, "plain slide stood still at {pos}");

    let mut player = player(start, CharacterSettings::new(Vec2::Y));
    let mut vel = Vec2::ZERO;
    let first = frame(&mut player, &mut vel, 0.0, &level);
    assert!(first.on_floor, "{first:?}");
    let settled = player.position();
    for _ in 0..120 {
        let m = frame(&mut player, &mut vel, 0.0, &level);
        assert!(m.on_floor, "{m:?}");
        assert_eq!(vel, Vec2::ZERO);
    }
    assert!(
        (player.position() - settled).length() < 1e-4,
        "{}",
        player.position()
    );
}

#[test]
fn landing_on_a_slope_keeps_the_horizontal_velocity_and_direction() {
    let level = long_ramp();
    let level = level.obstacles();
    let above = Vec2::new(100.0, 90.0);
    let (mut pos, mut vel) = (above, Vec2::new(3.0, -8.0));
    let (mut plain_flipped, mut plain_back) = (false, false);
    for _ in 0..20 {
        vel.y -= GRAVITY;
        let s = collide_world::move_and_slide(
            PLAYER,
            collide_core::Rot::IDENTITY,
            pos,
            vel,
            &level[..],
            &collide_world::SlideSettings::new(Vec2::Y),
        );
        plain_back |= s.position.x < pos.x;
        pos = s.position;
        vel = s.clip_velocity(vel);
        plain_flipped |= vel.x < 0.0;
    }
    assert!(plain_back, "the plain slide never went back on landing");
    assert!(
        plain_flipped,
        "the plain clip never turned the velocity round"
    );

    let mut player = player(above, CharacterSettings::new(Vec2::Y));
    let mut vel = Vec2::new(3.0, -8.0);
    let mut landed = false;
    for _ in 0..20 {
        vel.y -= GRAVITY;
        let before = player.position();
        landed |= player.move_by(vel, &level[..]).on_floor;
        assert!(
            player.position().x >= before.x,
            "went back: {:?}",
            player.last_move()
        );
        vel = player.clip_velocity(vel);
        assert!(vel.x >= 0.0, "velocity turned round: {vel}");
    }
    assert!(landed);
    assert_eq!(vel.x, 3.0);
}

/// Horizontal distances each frame while walking at 3 a frame over a 26.6° hill (up, top,
/// down), for frames wholly on a slope.
fn slope_speeds(mut step: impl FnMut() -> (Vec2, Vec2)) -> Vec<(f32, f32)> {
    let mut speeds = Vec::new();
    for _ in 0..90 {
        let (before, after) = step();
        let on_up = before.x > 6.0 && after.x < 60.0;
        let on_down = before.x > 120.0 && after.x < 175.0;
        if on_up || on_down {
            speeds.push((before.x, after.x - before.x));
        }
    }
    speeds
}

#[test]
fn walking_up_and_down_a_slope_covers_the_distance_asked_for() {
    let level = Level::ground().with_hull(&hill(0.0, 60.0, 0.5, 60.0));
    let level = level.obstacles();
    let start = standing_at(-20.0);
    let (mut pos, mut vel) = (start, Vec2::ZERO);
    let plain = slope_speeds(|| {
        let before = pos;
        plain_frame(&mut pos, &mut vel, 3.0, &level);
        (before, pos)
    });
    assert!(
        plain.iter().any(|(_, dx)| (dx - 3.0).abs() > 0.2),
        "plain walked at 3: {plain:?}"
    );

    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(4.0)
        .with_constant_speed_on_slopes(true);
    let mut player = player(start, settings);
    let mut vel = Vec2::ZERO;
    let speeds = slope_speeds(|| {
        let before = player.position();
        let m = frame(&mut player, &mut vel, 3.0, &level);
        assert!(m.on_floor, "{m:?}");
        (before, player.position())
    });
    assert!(speeds.len() > 20, "{speeds:?}");
    for (x, dx) in speeds {
        assert!((dx - 3.0).abs() < 1e-3, "at x = {x}: {dx} a frame");
    }
}

#[test]
fn without_constant_speed_uphill_is_slower_and_on_the_floor() {
    let level = Level::ground().with_hull(&hill(0.0, 60.0, 0.5, 60.0));
    let level = level.obstacles();
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(4.0);
    let mut player = player(standing_at(-20.0), settings);
    let mut vel = Vec2::ZERO;
    for _ in 0..90 {
        let before = player.position();
        let m = frame(&mut player, &mut vel, 3.0, &level);
        assert!(m.on_floor, "{m:?}");
        let dx = player.position().x - before.x;
        assert!(dx > 2.0 && dx <= 3.0 + 1e-4, "{dx} at {before}");
    }
}

#[test]
fn a_slope_steeper_than_a_floor_is_slid_down_without_jitter() {
    // 60°: rise 1.732 in 1.
    let level = Level::ground().with_hull(&[
        Vec2::new(0.0, 0.0),
        Vec2::new(50.0, 0.0),
        Vec2::new(50.0, 86.6),
    ]);
    let level = level.obstacles();
    // Dropped against it, it slides down and never goes up.
    let mut player = player(Vec2::new(30.0, 80.0), CharacterSettings::new(Vec2::Y));
    let mut vel = Vec2::ZERO;
    let mut last = player.position();
    for _ in 0..60 {
        let m = frame(&mut player, &mut vel, 0.0, &level);
        assert!(player.position().y <= last.y + 1e-4, "{m:?}");
        last = player.position();
    }
    assert!(last.y < 9.0, "{last}");
    // Walking into it from the ground never climbs it.
    let mut vel = Vec2::ZERO;
    for _ in 0..60 {
        let m = frame(&mut player, &mut vel, 3.0, &level);
        assert!(player.position().y <= last.y + 1e-4, "climbed: {m:?}");
        last = player.position();
    }
}

#[test]
fn a_fast_landing_on_an_uphill_slope_goes_on_forward() {
    let level = long_ramp();
    let level = level.obstacles();
    // Half a unit above the ramp, falling 20 and walking 3 this frame: it meets the ramp
    // early in the frame, and the plain clip of the rest points back down the ramp.
    let above = on_long_ramp(100.0) + Vec2::new(0.0, 0.5);
    let travel = Vec2::new(3.0, -20.0);
    let plain = collide_world::move_and_slide(
        PLAYER,
        collide_core::Rot::IDENTITY,
        above,
        travel,
        &level[..],
        &collide_world::SlideSettings::new(Vec2::Y),
    );
    assert!(plain.position.x < above.x, "{plain:?}");

    let mut player = player(above, CharacterSettings::new(Vec2::Y));
    let m = *player.move_by(travel, &level[..]);
    assert!(m.on_floor, "{m:?}");
    assert!(m.position.x > above.x, "{m:?}");
    assert!(m.position.x <= above.x + 3.0 + 1e-4, "{m:?}");
}
