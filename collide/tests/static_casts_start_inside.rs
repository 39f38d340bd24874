//! A shape cast that starts inside the solid region of a tile map meets it at `t = 0`, as a
//! ray does, wherever the face rule finds no face to name: a tester's world-query round found
//! `cast_shape_static` answering nothing for a ball buried in a block of tiles, and for a box
//! sunk a quarter of a cell into a floor 65 536 units out.

use collide::{cast_ray_static, cast_shape_static, TileMap};
use collide_core::{Circle, Layers, Motion, Rect};
use glam::Vec2;

#[test]
fn a_ball_buried_in_a_block_of_tiles_is_met_at_once() {
    let block = TileMap::from_rows(&["###", "###", "###"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let (from, to) = (Vec2::new(24.0, 24.0), Vec2::new(25.0, 24.0));
    let ball = Circle { radius: 2.0 };
    let hit = cast_shape_static(&block, ball, &Motion::linear(from, to), Layers::ALL)
        .expect("it starts inside the middle tile");
    let ray = cast_ray_static(&block, from, to, Layers::ALL).expect("so does the ray");
    assert_eq!((hit.id, hit.impact.t), (4, 0.0));
    assert_eq!(hit.impact.normal, ray.impact.normal);
    // Still, it goes nowhere: the normal falls back to +x.
    let still = cast_shape_static(&block, ball, &Motion::linear(from, from), Layers::ALL);
    assert_eq!(
        still.map(|h| (h.id, h.impact.t, h.impact.normal)),
        Some((4, 0.0, Vec2::X))
    );
}

#[test]
fn a_box_sunk_into_a_floor_far_out_is_met_at_once() {
    let floor = TileMap::from_rows(&["##"], Vec2::ONE, Vec2::new(0.0, -65536.0)).unwrap();
    // Its bottom is a quarter of a cell below the floor's top (32 ulps out here).
    let low = Rect {
        half_extents: Vec2::new(0.25, 0.5),
    };
    let from = Vec2::new(0.5, -65534.75);
    for to in [Vec2::new(1.5, -65534.75), from] {
        let hit = cast_shape_static(&floor, low, &Motion::linear(from, to), Layers::ALL);
        assert_eq!(hit.map(|h| (h.id, h.impact.t)), Some((0, 0.0)), "to {to:?}");
    }
}

#[test]
fn a_box_resting_on_a_floor_of_tenth_cells_slides_along_it_unmet() {
    // A cell's rect placed at its rounded centre reaches an ulp past its grid line: a box
    // resting exactly on the line is not inside the floor.
    let floor = TileMap::from_rows(&["....", "####"], Vec2::splat(0.1), Vec2::ZERO).unwrap();
    let top = floor.cell_min(0, 1).y;
    let box_ = Rect {
        half_extents: Vec2::splat(0.05),
    };
    let from = Vec2::new(0.07, top + 0.05);
    for to in [Vec2::new(0.33, from.y), Vec2::new(0.07, from.y + 0.1), from] {
        let hit = cast_shape_static(&floor, box_, &Motion::linear(from, to), Layers::ALL);
        assert!(hit.is_none(), "to {to:?}: {hit:?}");
    }
}
