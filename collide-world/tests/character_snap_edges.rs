//! The snap to the floor at the edges of what it lands on: a round character snapped onto a
//! one-way top flush with a slope's crest stays a skin above it (it used to land exactly on
//! it, sink into it and fall through), and a box walking off a half-cell step with a hair of
//! its bottom still over the ledge stays on the floor and snaps down the step (it used to
//! fall for several frames). An independent tester found these inputs; they are kept exact.

use collide_core::{Circle, Rect};
use collide_world::{Character, CharacterSettings, TileMap};
use glam::Vec2;

#[test]
fn a_round_character_walking_onto_a_flush_one_way_top_never_sinks_into_it() {
    let map = TileMap::from_rows(
        &[
            "........................",
            "........................",
            "........................",
            "........................",
            "........................",
            "........................",
            "...../\\.....ad..........",
            "T#T#=##cb=cb##=\\........",
            "################\\/3_____",
            "########################",
        ],
        Vec2::new(23.77262, 14.269746),
        Vec2::new(2753.7603, -10575.677),
    )
    .unwrap();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(13.993936)
        .with_max_step_height(8.561848)
        .with_constant_speed_on_slopes(true);
    let radius = 6.9907055;
    let start = Vec2::new(2994.9792, -10526.607);
    let mut ch = Character::new(Circle { radius }, start, settings).unwrap();
    // The top of the `=` at column 9, and of the cells beside it.
    let top = -10575.677f32 + 3.0 * 14.269746;
    let rounding = 8.0 * f32::EPSILON * 10576.0;
    let mut lowest = f32::INFINITY;
    for frame in 0..8 {
        let m = *ch.move_by(Vec2::new(-1.5555949, -0.4917786), &map);
        let above = m.position.y - radius - top;
        lowest = lowest.min(above);
        // The first frame ends over the `c`, its bottom a little below the `=` top; from
        // the second on the circle is over the `=`, and stands on it.
        if frame > 0 {
            assert!(
                above >= -rounding,
                "frame {frame}: sank {} into the one-way top at {:?}",
                -above,
                m.position
            );
            assert!(m.on_floor, "frame {frame}: fell at {:?}", m.position);
        }
    }
    assert!(lowest > -1.0, "ended under the platform: {lowest}");
}

#[test]
fn walking_off_a_half_cell_step_stays_on_the_floor_and_snaps_down_it() {
    let map = TileMap::from_rows(
        &[
            "................../c____",
            "....___........../######",
            "#T#3###T3T#3=c_d/#######",
            "########################",
            "########################",
            "########################",
        ],
        Vec2::new(16.0, 8.0),
        Vec2::new(3786.4148, -4572.799),
    )
    .unwrap();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(9.658445)
        .with_max_step_height(4.8);
    let half = Vec2::new(3.0496967, 5.43202);
    let start = Vec2::new(3894.9365, -4531.357);
    let mut ch = Character::new(Rect { half_extents: half }, start, settings).unwrap();
    let mut last = None;
    for frame in 0..3 {
        let m = *ch.move_by(Vec2::new(3.2629037, -0.59777075), &map);
        assert!(
            m.on_floor,
            "frame {frame}: in the air at {:?} (snapped {})",
            m.position, m.snapped
        );
        last = Some(m.position);
    }
    // The third frame ends wholly over the `T` (the top half of its cell, at the height of
    // the `_` ledge's bottom: half a cell, 4, below the ledge's top), a skin above it.
    let t_top = -4572.799f32 + 4.0 * 8.0;
    let bottom = last.unwrap().y - half.y;
    let above = bottom - t_top;
    assert!(
        (0.0..0.03).contains(&above),
        "ends {above} above the `T` at {:?}",
        last
    );
}
