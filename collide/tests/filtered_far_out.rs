//! Far from the origin, a filter that leaves a tile out exposes the face of the tile behind
//! it, as near the origin: a tester's world-query round met a ray through a left-out ramp tile
//! that went on through the solid tile under it at 50 000 units out.

use collide::prelude::*;
use collide::TILE_IDS;

/// The first tile `ray` meets on `world` with tile `(x, y)` left out, as (cell, t, normal).
fn first_hit(
    world: &StaticWorld,
    left_out: (u32, u32),
    ray: (Vec2, Vec2),
) -> Option<(u32, f32, Vec2)> {
    let gone = [TILE_IDS + world.tiles.cell_index(left_out.0, left_out.1)];
    let filter = QueryFilter::new(Layers::ALL).excluding(&gone);
    let hit = cast_ray_static(world, ray.0, ray.1, filter)?;
    Some((hit.id - TILE_IDS, hit.impact.t, hit.impact.normal))
}

#[test]
fn a_ray_through_a_left_out_ramp_meets_the_tile_under_it_far_out() {
    let mut rows = vec!["..................."; 6];
    rows.extend([".............a.....", ".............#....."]);
    let size = Vec2::splat(0.150_304_02);
    for y in [0.0_f32, 20_000.0, 50_318.336] {
        // Cell (13, 0) spans y from `y` to `y + size`; the ray comes down onto its top through
        // the ramp (13, 1) over it.
        let origin = Vec2::new(82.700_45, y);
        let world = StaticWorld::new(TileMap::from_rows(&rows, size, origin).unwrap());
        let from = Vec2::new(84.579_63, y + 0.969);
        let to = Vec2::new(85.187_43, y - 3.416);
        let hit = first_hit(&world, (13, 1), (from, to));
        let under = world.tiles.cell_index(13, 0);
        let (cell, t, normal) = hit.unwrap_or_else(|| panic!("{y}: no hit"));
        assert_eq!((cell, normal), (under, Vec2::NEG_Y), "{y}: {hit:?}");
        // The top of the cell, y + size, is where the ray's height gets to there.
        let expected = (from.y - (y + size.y)) / (from.y - to.y);
        assert!((t - expected).abs() < 1e-3, "{y}: {t} against {expected}");
    }
}

/// The same round's second case: a ray up and left under a floor slope, through the ceiling
/// slope under it that the filter leaves out, meets the floor slope's bottom.
#[test]
fn a_ray_through_a_left_out_ceiling_slope_meets_the_slope_over_it_far_out() {
    let mut rows = vec!["............."; 4];
    rows.extend([
        ".g...........",
        "...\\.........",
        "...P.........",
        ".............",
        ".............",
    ]);
    let size = Vec2::splat(0.364_126_18);
    let origin = Vec2::new(68_880.27, -90.252_29);
    let world = StaticWorld::new(TileMap::from_rows(&rows, size, origin).unwrap());
    let from = Vec2::new(68_881.984, -89.286_514);
    let to = Vec2::new(68_879.94, -88.385_414);
    let hit = first_hit(&world, (3, 2), (from, to));
    let over = world.tiles.cell_index(3, 3);
    let (cell, t, normal) = hit.expect("the floor slope is in the way");
    // The slope's own hull gives its bottom's normal, within rounding.
    assert_eq!(cell, over, "{hit:?}");
    assert!(normal.distance(Vec2::Y) < 1e-6, "{hit:?}");
    // Its bottom, `origin.y + 3 · size`, is where the ray's height gets to there.
    let expected = (origin.y + 3.0 * size.y - from.y) / (to.y - from.y);
    assert!((t - expected).abs() < 1e-3, "{t} against {expected}");
}
