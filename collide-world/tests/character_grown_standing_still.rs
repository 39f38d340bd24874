//! A character given a larger shape that overlaps its floor, then moved by nothing (standing
//! still), is pushed out of the floor by that move, as by any other.

use collide_core::{overlaps, Layers, Pose, Rect, Rot};
use collide_world::{Character, CharacterSettings, Obstacles, TileMap};
use glam::Vec2;

/// It stayed inside the floor (a walk of nothing never slid, so nothing pushed it out); any
/// travel at all pushed it out.
#[test]
fn a_character_moved_by_nothing_after_growing_into_its_floor_is_pushed_out() {
    let map = TileMap::from_rows(&["....", "....", "####", "####"], Vec2::ONE, Vec2::ZERO).unwrap();
    let small = Rect {
        half_extents: Vec2::splat(0.1),
    };
    let settings = CharacterSettings::new(Vec2::Y);
    let mut c = Character::new(small, Vec2::new(2.0, 2.3), settings).unwrap();
    let grown = Rect {
        half_extents: Vec2::splat(0.5),
    };
    c.set_shape(grown).unwrap();
    let m = *c.move_by(Vec2::ZERO, &map);
    let everywhere = collide_core::Aabb::from_min_max(Vec2::splat(-100.0), Vec2::splat(100.0));
    let pose = Pose::new(m.position, Rot::IDENTITY);
    let mut inside = false;
    map.near(&everywhere, Layers::ALL, &mut |o| {
        inside |= overlaps(grown, &pose, o.shape, &o.pose);
    });
    assert!(!inside, "{m:?}");
    assert!(
        (m.position - Vec2::new(2.0, 2.51)).abs().max_element() < 1e-4,
        "{m:?}"
    );
    assert!(m.on_floor, "{m:?}");
}
