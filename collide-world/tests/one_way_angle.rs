//! A surface at exactly `ONE_WAY_MAX_ANGLE` (60°) from a one-way platform's `up` is on its
//! solid side, whatever the rounding of its normal. A regular hexagon's lower sides lie at
//! 60° to its bottom: falling with one of them onto a one-way tile's corner, a tester's
//! hexagon was held by some corners and fell into the tile at others, as the rounding of the
//! contact normal fell (10 to 60 frames in a million).

use collide_core::{overlaps, Hull, Pose, Rot};
use collide_testkit::SplitMix64;
use collide_world::{move_and_slide, SlideSettings, TileMap};
use glam::Vec2;

/// Drops a hexagon straight down onto the top left corner of a lone one-way tile, its lower
/// right side over the corner, at cells of 0.1 to 500 and maps up to 10 000 cells out: it
/// lands on the corner every time, never in the tile.
#[test]
fn a_hexagon_side_at_the_one_way_angle_lands_on_a_platform_corner() {
    let mut rng = SplitMix64::new(0x60_de_9e_e5);
    let mut missed = Vec::new();
    for cell in [0.1_f32, 1.0, 16.0, 500.0] {
        for _ in 0..250 {
            let far = rng.range(-10_000.0, 10_000.0).round() * cell;
            let origin = Vec2::new(far, -far * 0.5);
            let map = TileMap::from_rows(&["...", ".=."], Vec2::splat(cell), origin).unwrap();
            let r = cell * rng.range(0.3, 0.6);
            let hexagon = Hull::regular(6, r).unwrap();
            // The tile's top left corner; the hexagon's lower right side spans x from
            // r / 2 to r right of its centre.
            let corner = origin + Vec2::new(cell, cell);
            let x = corner.x - r * rng.range(0.55, 0.95);
            let start = Vec2::new(x, corner.y + r + cell * rng.range(0.1, 2.0));
            // Down past the tile's top by at least a cell.
            let travel = Vec2::new(0.0, corner.y - start.y - cell * rng.range(1.0, 4.0));
            let settings = SlideSettings::new(Vec2::Y).with_skin(cell / 1600.0);
            let m = move_and_slide(&hexagon, Rot::IDENTITY, start, travel, &map, &settings);
            let tile = map.cell_shape(1, 0).unwrap();
            let inside = overlaps(&hexagon, &Pose::from_position(m.position), tile.0, &tile.1);
            if m.contacts().is_empty() || inside {
                missed.push((cell, r, origin, start, travel, m.position));
            }
        }
    }
    assert!(
        missed.is_empty(),
        "{} fell in: {:?}",
        missed.len(),
        &missed[..missed.len().min(4)]
    );
}
