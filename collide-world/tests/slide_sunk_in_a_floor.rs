//! A body that starts sunk into a floor of tiles or of blocks laid edge to edge (a character
//! given a taller shape, a spawn put too low) comes out through the floor's top: the shortest
//! way out of the floor, never along the sides the tiles share. Pushed out of one tile at a
//! time, it went out of the first along the side it shares with the next and out of that
//! one on, and ended up to 12 units along the floor from where it began.

use collide_core::{overlaps, Circle, Hull, Layers, Pose, Rect, Rot, Shape, ShapeRef};
use collide_world::{
    move_and_slide, Character, CharacterSettings, Obstacles, SlideSettings, StaticBodies, TileMap,
};
use glam::Vec2;

/// Three rows of ten cells, the floor's top at y = 3 cells.
fn tile_floor(cell: f32) -> TileMap {
    let rows = [".........."; 2]
        .into_iter()
        .chain(["##########"; 3])
        .collect::<Vec<_>>();
    TileMap::from_rows(&rows, Vec2::splat(cell), Vec2::ZERO).unwrap()
}

/// The same floor as one square body per cell.
fn block_floor(cell: f32) -> StaticBodies {
    let mut blocks = StaticBodies::new();
    let block = Rect {
        half_extents: Vec2::splat(cell / 2.0),
    };
    for (x, y) in (0..10).flat_map(|x| (0..3).map(move |y| (x, y))) {
        let centre = Vec2::new(x as f32 + 0.5, y as f32 + 0.5) * cell;
        let pose = Pose::new(centre, Rot::IDENTITY);
        blocks.add(block, pose, Layers::ALL).unwrap();
    }
    blocks.refresh();
    blocks
}

/// Movers about a cell across (a box, a circle, a hexagon, a box turned a little), and
/// whether they are square to the floor.
fn movers(cell: f32) -> Vec<(&'static str, Shape, Rot, bool)> {
    let s = cell / 16.0;
    let turned = Hull::from_half_extents(Vec2::new(6.0, 9.0) * s).unwrap();
    vec![
        (
            "box",
            Rect {
                half_extents: Vec2::new(6.0, 10.0) * s,
            }
            .into(),
            Rot::IDENTITY,
            true,
        ),
        (
            "circle",
            Circle { radius: 7.0 * s }.into(),
            Rot::IDENTITY,
            true,
        ),
        (
            "hexagon",
            Hull::regular(6, 8.0 * s).unwrap().into(),
            Rot::IDENTITY,
            true,
        ),
        ("turned box", turned.into(), Rot::from_angle(0.3), false),
    ]
}

/// Whether the body at `at` overlaps any of `obstacles`, by brute force.
fn inside(shape: ShapeRef<'_>, turn: Rot, at: Vec2, obstacles: &dyn Obstacles) -> bool {
    let everywhere = collide_core::Aabb::from_min_max(Vec2::splat(-1e7), Vec2::splat(1e7));
    let pose = Pose::new(at, turn);
    let mut found = false;
    obstacles.near(&everywhere, Layers::ALL, &mut |o| {
        found |= overlaps(shape, &pose, o.shape, &o.pose);
    });
    found
}

/// Every start sunk 0.1 to 90 % of its height into the floor, along two cells and their
/// seams: out of the floor, no farther than straight up to a skin above its top (the
/// shortest way out of the floor), and, square to the floor, straight up.
fn comes_out_through_the_top(obstacles: &dyn Obstacles, cell: f32) -> usize {
    let settings = SlideSettings::new(Vec2::Y);
    let top = 3.0 * cell;
    let mut starts = 0;
    for (name, shape, turn, square) in movers(cell) {
        let shape = shape.as_shape_ref();
        let below = shape.reach(&Pose::new(Vec2::ZERO, turn), Vec2::NEG_Y);
        let height = below + shape.reach(&Pose::new(Vec2::ZERO, turn), Vec2::Y);
        for step in 0..64 {
            for sunk in [0.001, 0.1, 0.3, 0.5, 0.7, 0.9] {
                let at = Vec2::new(
                    cell * (3.0 + step as f32 / 32.0),
                    top + below - sunk * height,
                );
                let out = move_and_slide(shape, turn, at, Vec2::ZERO, obstacles, &settings);
                let moved = out.position - at;
                let up = sunk * height + settings.skin;
                let tolerance = 1e-4 * cell;
                let case = format!("{name} at {at}, cell {cell}: moved {moved}");
                assert!(!inside(shape, turn, out.position, obstacles), "{case}");
                assert!(moved.length() <= up + tolerance, "{case}, up {up}");
                if square {
                    assert!(moved.x.abs() <= tolerance, "{case}");
                    assert!((moved.y - up).abs() <= tolerance, "{case}, up {up}");
                }
                assert!(out.on_floor, "{case}: {out:?}");
                starts += 1;
            }
        }
    }
    starts
}

#[test]
fn a_body_sunk_into_a_tile_floor_comes_out_through_its_top() {
    for cell in [1.0, 16.0, 500.0] {
        assert_eq!(
            comes_out_through_the_top(&tile_floor(cell), cell),
            4 * 64 * 6
        );
    }
}

#[test]
fn a_body_sunk_into_a_floor_of_blocks_comes_out_through_its_top() {
    for cell in [1.0, 16.0, 500.0] {
        assert_eq!(
            comes_out_through_the_top(&block_floor(cell), cell),
            4 * 64 * 6
        );
    }
}

/// The case that found it: a character standing on a floor of tiles grows 18 units taller
/// around its centre (9 into the floor) and walks on, up out of the floor where it stood
/// (it was put 8 units along the floor).
#[test]
fn a_character_grown_into_its_floor_comes_out_where_it_stood() {
    let map = tile_floor(16.0);
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(4.0);
    let small = Rect {
        half_extents: Vec2::new(6.0, 10.0),
    };
    let at = Vec2::new(46.0, 48.0 + 10.0 + settings.slide.skin);
    let mut player = Character::new(small, at, settings).unwrap();
    player.move_by(Vec2::new(0.0, -1.0), &map);
    assert!(player.on_floor());
    let tall = Rect {
        half_extents: Vec2::new(6.0, 19.0),
    };
    player.set_shape(tall).unwrap();
    let m = *player.move_by(Vec2::new(0.5, -1.0), &map);
    let end = player.position();
    assert!((end.x - 46.5).abs() < 1e-4, "{m:?}");
    assert!(
        (end.y - (48.0 + 19.0 + settings.slide.skin)).abs() < 1e-3,
        "{m:?}"
    );
    assert!(m.on_floor, "{m:?}");
}
