//! A character in a tile map: the seams between tiles never take it off the floor, a
//! one-cell curb is stepped onto and stepped down from, and it stands on the cell it walks on.

use collide_core::{overlaps, Pose, Rect, Rot};
use collide_world::{Character, CharacterSettings, Obstacles, TileMap};
use glam::Vec2;

#[test]
fn walking_over_tile_seams_and_a_one_cell_curb_stays_on_the_floor() {
    // 4-unit cells, y up: the bottom row is the floor, a curb one cell tall in the middle.
    let map = TileMap::from_rows(
        &[
            "..............................",
            "..............................",
            "..............................",
            "..............................",
            "............####..............",
            "##############################",
        ],
        Vec2::splat(4.0),
        Vec2::ZERO,
    )
    .unwrap();
    let body = Rect {
        half_extents: Vec2::new(3.0, 6.0),
    };
    let settings = CharacterSettings::new(Vec2::Y)
        .with_max_step_height(5.0)
        .with_snap_length(5.0);
    let mut player = Character::new(body, Vec2::new(6.0, 4.0 + 6.01), settings).unwrap();
    let mut velocity = Vec2::ZERO;
    let mut highest = 0.0f32;
    for i in 0..90 {
        velocity.x = 1.25;
        velocity.y -= 0.5;
        let m = *player.move_by(velocity, &map);
        velocity = player.clip_velocity(velocity);
        assert!(m.on_floor, "frame {i}: {m:?}");
        let pose = Pose::new(player.position(), Rot::IDENTITY);
        let area = body.aabb(&pose);
        map.near(&area, collide_core::Layers::ALL, &mut |o| {
            assert!(!overlaps(body, &pose, o.shape, &o.pose), "frame {i}: {m:?}");
        });
        let under = map.obstacle(m.platform.unwrap());
        assert!(under.is_some(), "frame {i}: {m:?}");
        highest = highest.max(player.position().y);
    }
    assert!((highest - (8.0 + 6.0)).abs() < 0.05, "{highest}");
    assert!(player.position().x > 100.0, "{}", player.position());
    assert!(
        (player.position().y - (4.0 + 6.0)).abs() < 0.05,
        "{}",
        player.position()
    );
}
