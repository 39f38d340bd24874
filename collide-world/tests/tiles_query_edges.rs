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
