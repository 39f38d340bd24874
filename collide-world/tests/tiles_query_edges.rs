//! A tester's edge cases of the tile map's own queries, each against what the map's obstacles
//! give `move_and_slide`, or against the geometry itself.

use collide_core::{Circle, Motion, Rect, Rot};
use collide_world::{move_and_slide, SlideSettings, TileMap};
use glam::Vec2;

fn map(rows: &[&str]) -> TileMap {
    TileMap::from_rows(rows, Vec2::splat(16.0), Vec2::ZERO).unwrap()
}

/// A ball landing on the outer corner of a one-way tile is held there by `move_and_slide`
/// (a ledge met on its corner holds what lands on it); the map's own sweep said it passed.
#[test]
fn a_landing_on_a_one_way_tiles_outer_corner_is_a_hit() {
    let map = map(&["=."]);
    let ball = Circle { radius: 10.0 };
    let (from, to) = (Vec2::new(18.0, 30.0), Vec2::new(18.0, 0.0));
    let hit = map
        .time_of_impact(ball, &Motion::linear(from, to))
        .expect("the ball lands on the corner")
        .impact;
    // The ball's centre is 10 from the corner (16, 16) when it meets it.
    let centre = from.lerp(to, hit.t);
    assert!(
        ((centre - Vec2::new(16.0, 16.0)).length() - 10.0).abs() < 1e-3,
        "{hit:?}"
    );
    assert!(hit.normal.y < -0.9 && hit.normal.x < 0.0, "{hit:?}");
    let settings = SlideSettings::new(Vec2::Y);
    let slid = move_and_slide(ball, Rot::IDENTITY, from, to - from, &map, &settings);
    assert!(slid.on_floor, "{slid:?}");
    // Jumping up past the corner, or falling beside it out of reach, is no hit.
    assert!(map
        .time_of_impact(ball, &Motion::linear(to, from))
        .is_none());
    let beside = Motion::linear(Vec2::new(27.0, 30.0), Vec2::new(27.0, 0.0));
    assert!(map.time_of_impact(ball, &beside).is_none());
}

/// A box that starts sunk into a floor across the seam of two tiles is in the floor through
/// its top: `t = 0`, the top's normal. The core's normal at the start met the seam, and the
/// face rule dropped both tiles' hits, so the map said it was clear.
#[test]
fn a_box_starting_inside_a_floor_across_a_seam_is_met_at_once() {
    let small = Rect {
        half_extents: Vec2::new(2.0, 2.0),
    };
    let one = map(&["#"]).time_of_impact(
        small,
        &Motion::linear(Vec2::new(8.0, 17.0), Vec2::new(8.0, 30.0)),
    );
    assert_eq!(one.map(|h| h.impact.t), Some(0.0));
    // Across the seam at x = 16, 1 unit into the top.
    let floor = map(&["##"]);
    let up = Motion::linear(Vec2::new(16.0, 15.0), Vec2::new(16.0, 30.0));
    let hit = floor
        .time_of_impact(small, &up)
        .expect("it starts inside")
        .impact;
    assert_eq!((hit.t, hit.normal), (0.0, Vec2::NEG_Y));
    // Across the seam of a wall (y = 16), 1 unit into its right side, moving away.
    let wall = map(&["#", "#"]);
    let right = Motion::linear(Vec2::new(15.0, 16.0), Vec2::new(30.0, 16.0));
    let hit = wall
        .time_of_impact(small, &right)
        .expect("it starts inside")
        .impact;
    assert_eq!((hit.t, hit.normal), (0.0, Vec2::NEG_X));
}

/// A segment starting inside a solid cell has its own direction as the normal (`+x` for a
/// zero-length one) on every map: on one with a shaped cell anywhere it had the nearest
/// face's.
#[test]
fn a_segment_starting_in_a_solid_cell_has_its_own_direction_on_any_map() {
    let (from, to) = (Vec2::new(36.0, 30.0), Vec2::new(44.0, 30.0));
    for rows in [["..2", "#.."], ["..2", "/.."], ["..#", "#.."]] {
        let map = map(&rows);
        let hit = map.cast_segment(from, to).expect("it starts inside").impact;
        assert_eq!((hit.t, hit.normal), (0.0, Vec2::X), "{rows:?}");
        let still = map
            .cast_segment(from, from)
            .expect("it starts inside")
            .impact;
        assert_eq!(still.normal, Vec2::X, "{rows:?}");
        let down = map.cast_segment(from, from - Vec2::Y).unwrap().impact;
        assert_eq!(down.normal, Vec2::NEG_Y, "{rows:?}");
    }
}

/// A segment running exactly along a grid line enters no cell beside it, but between two
/// solid cells it runs inside the floor: a laser fired straight down the seam of two tiles
/// passed through the floor (a tester's round; a map has no seams).
#[test]
fn a_segment_down_a_seam_meets_the_floor() {
    let floor = map(&["....", "....", "####", "####"]);
    // Down x = 16 from y = 60 to y = -20: the floor's top is at y = 32.
    let (from, to) = (Vec2::new(16.0, 60.0), Vec2::new(16.0, -20.0));
    let hit = floor.cast_segment(from, to).expect("the floor");
    assert_eq!(
        (hit.impact.t, hit.impact.normal),
        (28.0 / 80.0, Vec2::NEG_Y)
    );
    assert_eq!(hit.impact.point, Vec2::new(16.0, 32.0));
    assert_eq!(hit.id, floor.cell_index(0, 1)); // row 1, the floor's top row
                                                // Up from inside the floor: met at once; stopping short of the floor: nothing.
    let inside = floor
        .cast_segment(Vec2::new(32.0, 8.0), Vec2::new(32.0, 60.0))
        .unwrap();
    assert_eq!((inside.impact.t, inside.impact.normal), (0.0, Vec2::Y));
    assert_eq!(floor.cast_segment(from, Vec2::new(16.0, 40.0)), None);
    // Along a line with open air on one side (the floor's top, the map's edge): nothing.
    assert_eq!(
        floor.cast_segment(Vec2::new(-5.0, 32.0), Vec2::new(80.0, 32.0)),
        None
    );
    assert_eq!(
        floor.cast_segment(Vec2::new(0.0, 60.0), Vec2::new(0.0, -20.0)),
        None
    );
    // Across a wall along a row's line: met at the wall's face.
    let wall = map(&["..#", "..#", "..#"]);
    let (from, to) = (Vec2::new(0.0, 16.0), Vec2::new(48.0, 16.0));
    let hit = wall.cast_segment(from, to).expect("the wall");
    assert_eq!((hit.impact.t, hit.impact.normal), (32.0 / 48.0, Vec2::X));
}

/// Down the seam of a row of one-way tiles: met on their tops coming down, passed going up.
#[test]
fn a_segment_down_a_seam_of_one_way_tiles_lands_and_one_going_up_passes() {
    let row = map(&["....", "====", "...."]);
    let (above, below) = (Vec2::new(32.0, 45.0), Vec2::new(32.0, -5.0));
    let hit = row.cast_segment(above, below).expect("the row's top");
    assert_eq!(hit.impact.point, Vec2::new(32.0, 32.0));
    assert_eq!(row.cast_segment(below, above), None);
}

/// A point swept down the seam of a floor (a zero-radius circle, a rect of no size) meets the
/// floor's top, as a segment does; each cell's own sweep saw only a graze.
#[test]
fn a_point_swept_down_a_seam_meets_the_floor() {
    let floor = map(&["....", "####"]);
    let down = Motion::linear(Vec2::new(16.0, 30.0), Vec2::new(16.0, -30.0));
    let point = Circle { radius: 0.0 };
    let hit = floor
        .time_of_impact(point, &down)
        .expect("the floor")
        .impact;
    assert_eq!(
        (hit.point, hit.normal),
        (Vec2::new(16.0, 16.0), Vec2::NEG_Y)
    );
    let speck = Rect {
        half_extents: Vec2::ZERO,
    };
    assert_eq!(
        floor.time_of_impact(speck, &down).map(|h| h.impact),
        Some(hit)
    );
    // Up out of it, from inside: met at once; a circle of any size was met already.
    let up = Motion::linear(Vec2::new(16.0, 8.0), Vec2::new(16.0, 30.0));
    assert_eq!(
        floor.time_of_impact(point, &up).map(|h| h.impact.t),
        Some(0.0)
    );
    let ball = Circle { radius: 0.5 };
    assert!(floor.time_of_impact(ball, &down).is_some());
}

/// A point swept along a seam from as far as a float goes gives an answer, never a panic.
#[test]
fn a_point_along_a_seam_from_far_away_never_panics() {
    let floor = map(&["....", "####"]);
    let point = Circle { radius: 0.0 };
    for (from, to) in [
        (Vec2::new(16.0, 3e38), Vec2::new(16.0, -3e38)),
        (Vec2::new(16.0, -3e38), Vec2::new(16.0, 3e38)),
        (Vec2::new(16.0, f32::MAX), Vec2::new(16.0, 0.0)),
    ] {
        let _ = floor.time_of_impact(point, &Motion::linear(from, to));
        let _ = floor.cast_segment(from, to);
    }
}
