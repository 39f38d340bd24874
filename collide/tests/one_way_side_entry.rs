//! A body that goes into a row of one-way pieces from the side (it started above the row's
//! level, but beside its end) passes through, as the rule says of one partly inside: a
//! tester's round met a shape cast stopped at the seam of the row's next piece, whose corner
//! the face rule gives the top's normal, while the body's lowest point was then 0.95 below
//! that top.

use collide::prelude::*;
use collide::TILE_IDS;

#[test]
fn a_box_entering_a_one_way_row_from_its_side_passes_the_next_seam() {
    let rows = [
        "#..........\\fa.#",
        "....b=..#......#",
        "#.cd....Qb..abf]",
        "....e..g..2....\\",
        "....==\\h....#.#.",
        "#.##.#.###.###.#",
    ];
    let size = Vec2::splat(2.798_663_4);
    let map = TileMap::from_rows(&rows, size, Vec2::new(-80_786.51, 63.723_66)).unwrap();
    let world = StaticWorld::new(map);
    let hull = Hull::from_half_extents(Vec2::new(1.470_716_8, 0.926_593)).unwrap();
    let rot = Rot::from_angle(-0.057_823_107);
    let from = Vec2::new(-80_781.01, 71.017_01);
    let to = Vec2::new(-80_748.26, 63.359_657);
    let motion = Motion::new(from, to, rot);
    let platform = [world.tiles.cell_index(4, 1), world.tiles.cell_index(5, 1)];
    let hit = cast_shape_static(&world, &hull, &motion, Layers::on(1).with_mask(1));
    if let Some(h) = hit {
        assert!(!platform.contains(&(h.id - TILE_IDS)), "{h:?}");
    }
}
