//! The scene run headless from scripted input: what the player does and where the body ends.

use super::*;
use crate::play::colour;
use crate::play::input::Script;
use collide::{Layers, Pose};

/// Steps `frames` frames, the first with `input`, the rest with none.
fn run(p: &mut Platformer, frames: usize, input: &[InputEvent]) {
    p.step(input);
    for _ in 1..frames {
        p.step(&[]);
    }
}

/// The floor's top: the bottom row of tiles ends there.
const FLOOR_TOP: f32 = level::TILE;
/// Where the body's centre rests on a surface whose top is at `top`, within the skin.
fn rests_on(y: f32, top: f32) -> bool {
    let rest = top + BODY.half_extents.y;
    y > rest && y < rest + 0.05
}

/// Whether the body at `at` overlaps a tile or a body of the level that blocks from every
/// side (a one-way platform is passed through from below, so a body may stand inside one,
/// and a sensor is passed through always).
fn inside(p: &Platformer, at: Vec2) -> bool {
    let pose = Pose::from_position(at);
    let mut hit = false;
    p.level
        .world
        .near(&BODY.aabb(&pose), Layers::ALL, &mut |o| {
            let solid = o.one_way.is_none() && !o.sensor;
            hit |= solid && collide::overlaps(BODY, &pose, o.shape, &o.pose);
        });
    hit
}

/// A body that stood on the floor, left where it stands after `frames` idle frames.
fn standing(at: Vec2) -> Platformer {
    let mut p = Platformer::new().unwrap();
    p.player.set_position(at);
    run(&mut p, 30, &[]);
    assert!(p.player.on_floor(), "{:?}", p.player.position());
    p
}

#[test]
fn the_body_falls_lands_and_stays_on_the_floor() {
    let mut p = Platformer::new().unwrap();
    run(&mut p, 120, &[]);
    assert!(p.player.on_floor());
    let y = p.player.position().y;
    assert!(rests_on(y, FLOOR_TOP), "{y}");
    assert!(p
        .contacts()
        .iter()
        .any(|c| c.surface == Surface::Floor && c.normal == Vec2::NEG_Y));
    run(&mut p, 60, &[]);
    assert_eq!(p.player.position().y, y, "resting, not sinking or bouncing");
}

#[test]
fn walking_right_it_stops_at_the_wall() {
    let mut p = Platformer::new().unwrap();
    run(&mut p, 60, &[]);
    run(&mut p, 240, &[InputEvent::Press(Key::Right)]);
    // The two-tile wall in column 27 of the bottom rows: its left face is at 27 tiles.
    let face = 27.0 * level::TILE - BODY.half_extents.x;
    let x = p.player.position().x;
    assert!(x < face && x > face - 0.05, "{x}");
    assert!(p.player.on_floor());
    assert!(p
        .contacts()
        .iter()
        .any(|c| c.surface == Surface::Wall && c.normal == Vec2::X));
    assert_eq!(p.velocity.x, 0.0);
}

#[test]
fn walking_the_floor_it_crosses_every_seam_without_catching() {
    let mut p = Platformer::new().unwrap();
    run(&mut p, 60, &[]);
    p.step(&[InputEvent::Press(Key::Right)]);
    // From the start to the curb in column 10 the floor is 9 tiles, and 9 seams.
    let curb = 10.0 * level::TILE - BODY.half_extents.x;
    let mut seams = 0;
    while p.player.position().x + WALK < curb {
        let x = p.player.position().x;
        p.step(&[]);
        assert!(
            (p.player.position().x - x - WALK).abs() < 1e-3,
            "caught at {x}"
        );
        assert!(p.player.on_floor());
        assert!(p.contacts().iter().all(|c| c.surface == Surface::Floor));
        seams +=
            usize::from((x / level::TILE).floor() != (p.player.position().x / level::TILE).floor());
    }
    assert!(seams >= 8, "{seams} seams crossed");
}

/// Up two half-tile steps, up the ramp, over its crest and down the 45° slope, the body
/// covers the speed asked for every frame and never leaves the floor.
#[test]
fn it_steps_up_the_curb_walks_up_the_ramp_and_down_the_slope_on_the_floor() {
    let mut p = standing(Vec2::new(100.0, 30.0));
    p.step(&[InputEvent::Press(Key::Right)]);
    let (mut steps, mut slope_frames, mut highest) = (0, 0, 0.0f32);
    let end = 25.0 * level::TILE;
    while p.player.position().x < end {
        let x = p.player.position().x;
        p.step(&[]);
        let at = p.player.position();
        assert!((at.x - x - WALK).abs() < 1e-3, "slowed at {x}: {at}");
        assert!(p.player.on_floor(), "airborne at {at}");
        steps += usize::from(p.player.last_move().stepped);
        slope_frames += usize::from(p.standing_on() == "ON A SLOPE");
        highest = highest.max(at.y);
    }
    assert_eq!(steps, 2, "the curb and the step behind it");
    assert!(slope_frames > 10, "{slope_frames} frames on slopes");
    // The plateau between the ramp and the slope is three tiles above the floor's bottom.
    assert!(rests_on(highest, 3.0 * level::TILE), "{highest}");
    assert!(rests_on(p.player.position().y, FLOOR_TOP));
}

#[test]
fn standing_still_on_the_slope_it_does_not_slide() {
    // On the 45° slope in column 19, half way down.
    let mut p = standing(Vec2::new(19.0 * level::TILE + 4.0, 40.0));
    assert_eq!(p.standing_on(), "ON A SLOPE");
    let at = p.player.position();
    run(&mut p, 60, &[]);
    assert_eq!(p.player.position(), at);
}

#[test]
fn it_jumps_up_through_the_one_way_platform_lands_on_it_and_drops_through() {
    // Under the one-way platform of row 4 (columns 20 to 25, its top at 80).
    let mut p = standing(Vec2::new(23.0 * level::TILE, 30.0));
    let top = 5.0 * level::TILE;
    p.step(&[InputEvent::Press(Key::Space)]);
    let mut went_through = false;
    for _ in 0..60 {
        p.step(&[]);
        went_through |= p.player.position().y - BODY.half_extents.y > top;
    }
    assert!(went_through);
    assert!(p.on_one_way(), "{:?}", p.player.last_move());
    assert!(rests_on(p.player.position().y, top));
    // Down alone does nothing; down and jump drop through.
    run(&mut p, 10, &[InputEvent::Press(Key::Down)]);
    assert!(p.on_one_way());
    run(&mut p, 60, &[InputEvent::Press(Key::Space)]);
    assert!(p.player.on_floor() && !p.on_one_way());
    assert!(rests_on(p.player.position().y, FLOOR_TOP));
}

/// Falling onto the one-way platform from any height, also where the fall reaches its top
/// exactly (from 90, the body's bottom is at 80.0 after three frames) and over its seams.
#[test]
fn falling_onto_the_one_way_platform_it_lands_from_any_height() {
    let top = 5.0 * level::TILE;
    for x in [
        21.0 * level::TILE,
        22.5 * level::TILE,
        24.0 * level::TILE + 3.0,
    ] {
        for y in [90.0, 90.25, 91.0, 97.0, 120.0] {
            let mut p = Platformer::new().unwrap();
            p.player.set_position(Vec2::new(x, y));
            run(&mut p, 40, &[]);
            let m = p.player.last_move();
            assert!(p.on_one_way(), "from ({x}, {y}): {m:?}");
            assert!(
                rests_on(p.player.position().y, top),
                "from ({x}, {y}): {m:?}"
            );
        }
    }
}

#[test]
fn walking_and_dropping_it_falls_through_the_one_way_platform() {
    let mut p = standing(Vec2::new(21.0 * level::TILE, 90.0));
    assert!(p.on_one_way());
    p.step(&[InputEvent::Press(Key::Right)]);
    run(
        &mut p,
        40,
        &[InputEvent::Press(Key::Down), InputEvent::Press(Key::Space)],
    );
    assert!(p.player.on_floor() && !p.on_one_way());
    assert!(rests_on(p.player.position().y, FLOOR_TOP));
}

#[test]
fn it_rides_the_lift_up_to_the_ledge() {
    let mut p = Platformer::new().unwrap();
    // On the lift while it waits at the bottom: its top is level with the wall's.
    p.player.set_position(Vec2::new(470.0, 60.0));
    run(&mut p, 10, &[]);
    assert_eq!(p.standing_on(), "ON THE LIFT");
    let mut rode = 0.0;
    for _ in 0..level::LIFT_WAIT + 80 {
        p.step(&[]);
        assert_eq!(p.player.platform(), Some(p.level.lift.id()));
        let offset = p.player.position() - p.level.lift_position();
        assert!(rests_on(offset.y, level::LIFT.half_extents.y), "{offset}");
        assert_eq!(offset.x, 470.0 - level::LIFT_LOW.x);
        rode = offset.y.max(rode).max(p.player.platform_velocity().y);
    }
    assert_eq!(p.level.lift_position(), level::LIFT_HIGH);
    run(&mut p, 15, &[InputEvent::Press(Key::Right)]);
    assert!(p.player.position().x > 31.0 * level::TILE + BODY.half_extents.x);
    assert!(p.player.on_floor());
    assert!(rests_on(p.player.position().y, 12.0 * level::TILE));
}

#[test]
fn jumping_off_the_rising_lift_keeps_its_speed() {
    let mut p = Platformer::new().unwrap();
    p.player.set_position(Vec2::new(470.0, 60.0));
    run(&mut p, level::LIFT_WAIT + 10, &[]);
    assert_eq!(
        p.player.platform_velocity(),
        Vec2::new(0.0, level::LIFT_SPEED)
    );
    p.step(&[InputEvent::Press(Key::Space)]);
    assert!(!p.player.on_floor());
    assert_eq!(p.velocity.y, JUMP + level::LIFT_SPEED);
}

/// The recording's script shows every feature: the steps, the slopes, the one-way platform
/// landed on and dropped through, the lift ridden to the ledge, coins collected and the door
/// opened from the plate and walked through; and through it, as through a long run of walks,
/// jumps and drops, the body never enters a tile or a body.
#[test]
fn the_recording_shows_every_feature_and_never_ends_inside() {
    let clip = &super::super::record::clips()[2];
    let mut p = Platformer::new().unwrap();
    let mut seen = Vec::new();
    for frame in 0..clip.frames {
        p.step(&clip.script.events(frame));
        assert!(!inside(&p, p.player.position()), "frame {frame}");
        let m = p.player.last_move();
        if m.stepped {
            seen.push("stepped");
        }
        if p.door.pressed {
            seen.push("pressed the plate");
        }
        seen.push(p.standing_on());
    }
    for feature in [
        "stepped",
        "pressed the plate",
        "ON A SLOPE",
        "ON A ONE-WAY PLATFORM",
        "ON THE LIFT",
    ] {
        assert!(seen.contains(&feature), "never {feature}");
    }
    // Dropped through the one-way platform: on it, then on the floor below.
    let on = seen
        .iter()
        .position(|s| *s == "ON A ONE-WAY PLATFORM")
        .unwrap();
    assert!(seen[on..].contains(&"ON THE FLOOR"));
    // It rode the lift to the high ledge, came down, and ends behind the open door on the
    // floor, with the coins of the way collected.
    assert!(rests_on(p.player.position().y, 1.0 * level::TILE));
    assert!(p.door.open && p.player.position().x > 36.0 * level::TILE);
    assert!(p.coins >= 7, "{} coins", p.coins);
}

#[test]
fn through_walks_jumps_and_drops_the_body_never_enters_a_tile() {
    let mut p = Platformer::new().unwrap();
    let mut touched: Vec<Surface> = Vec::new();
    let script = Script::new()
        .hold(0, 150, Key::Right)
        .hold(150, 299, Key::Left)
        .hold(300, 450, Key::Right)
        .hold(450, 599, Key::Left)
        .hold(600, 1200, Key::Right)
        .hold(140, 160, Key::Down)
        .hold(500, 520, Key::Down)
        .repeat(0, 1200, 37, Key::Space);
    for frame in 0..1200 {
        p.step(&script.events(frame));
        assert!(!inside(&p, p.player.position()), "frame {frame}");
        touched.extend(p.contacts().iter().map(|c| c.surface));
    }
    for surface in [Surface::Floor, Surface::Wall, Surface::Ceiling] {
        assert!(
            touched.contains(&surface),
            "the run never met a {surface:?}"
        );
    }
}

#[test]
fn a_jump_under_the_low_platform_bumps_the_head_and_lands_again() {
    let mut p = Platformer::new().unwrap();
    run(&mut p, 60, &[]);
    // Walk under the platform of row 3 (columns 4 to 9, its bottom at 48), then jump.
    run(&mut p, 15, &[InputEvent::Press(Key::Right)]);
    p.step(&[InputEvent::Release(Key::Right)]);
    assert!(p.player.position().x > 4.0 * level::TILE + BODY.half_extents.x);
    p.step(&[InputEvent::Press(Key::Space)]);
    let mut bumped = false;
    for _ in 0..60 {
        p.step(&[]);
        bumped |= p.contacts().iter().any(|c| c.surface == Surface::Ceiling);
        assert!(p.player.position().y + BODY.half_extents.y <= 3.0 * level::TILE + 0.05);
    }
    assert!(bumped);
    assert!(p.player.on_floor());
}

#[test]
fn the_drawn_frame_shows_tiles_ramps_planks_the_lift_the_body_and_a_floor_normal() {
    let mut p = Platformer::new().unwrap();
    run(&mut p, 30, &[]);
    let mut canvas = super::super::App::canvas();
    p.draw(&mut canvas);
    let at = |w: Vec2| {
        let q = canvas.to_pixel(draw::screen(w));
        canvas.pixel(q.x as u32, q.y as u32)
    };
    assert_eq!(at(Vec2::splat(level::TILE * 0.5)), Some(colour::SOLID));
    // The ramp's low cell (column 14, row 2) is solid below its slope, empty above.
    let ramp = Vec2::new(14.0, 2.0) * level::TILE;
    assert_eq!(at(ramp + Vec2::new(12.0, 2.0)), Some(colour::SOLID));
    assert_eq!(at(ramp + Vec2::new(4.0, 12.0)), Some(colour::BACKGROUND));
    // The one-way platform's plank at its top, the rest of its cells empty.
    let plank = Vec2::new(22.0, 5.0) * level::TILE;
    assert_eq!(at(plank - Vec2::new(0.0, 1.0)), Some(colour::ONE_WAY));
    assert_eq!(at(plank - Vec2::new(0.0, 10.0)), Some(colour::BACKGROUND));
    assert_eq!(at(level::LIFT_LOW), Some(colour::LIFT));
    let body = p.player.position();
    assert_eq!(at(body + Vec2::new(3.0, 3.0)), Some(colour::PLAYER));
    let contact = p.contacts()[0].point;
    // The floor normal rises from the contact point, through the body.
    assert_eq!(at(contact + Vec2::new(0.0, 8.0)), Some(colour::NORMAL));
    assert_eq!(at(Vec2::new(300.0, 200.0)), Some(colour::BACKGROUND));
}

#[test]
fn walking_the_floor_it_collects_the_coins_it_passes() {
    let mut p = Platformer::new().unwrap();
    run(&mut p, 60, &[]);
    assert_eq!(p.coins, 0);
    run(&mut p, 40, &[InputEvent::Press(Key::Right)]);
    assert_eq!(p.coins, 3);
    for x in [3, 5, 7] {
        assert_eq!(p.level.world.tiles.sensor(x, 1), Some(0), "coin {x} left");
    }
    assert!(
        p.status()[1].starts_with("COINS 3/9   DOOR SHUT"),
        "{:?}",
        p.status()
    );
    // Walking back over where they were takes nothing more.
    p.step(&[
        InputEvent::Release(Key::Right),
        InputEvent::Press(Key::Left),
    ]);
    run(&mut p, 40, &[]);
    assert_eq!(p.coins, 3);
}

#[test]
fn the_plate_opens_the_door_until_a_while_after_it_is_left() {
    let mut p = standing(Vec2::new(level::PLATE_AT.x, 40.0));
    assert!(p.door.pressed && p.door.open);
    let face = level::DOOR_AT.x + level::DOOR.half_extents.x + BODY.half_extents.x;
    // Through the open door to the two coins in the corner.
    run(&mut p, 40, &[InputEvent::Press(Key::Right)]);
    assert!(!p.door.pressed && p.door.open);
    assert!(p.player.position().x > face);
    assert_eq!(p.coins, 2);
    run(&mut p, door::HOLD, &[]);
    assert!(!p.door.open);
    // Shut, it stops the walk back: its face is solid again.
    p.step(&[
        InputEvent::Release(Key::Right),
        InputEvent::Press(Key::Left),
    ]);
    run(&mut p, 40, &[]);
    let x = p.player.position().x;
    assert!(x > face && x < face + 0.05, "{x}");
    assert!(p.contacts().iter().any(|c| c.surface == Surface::Wall));
}
