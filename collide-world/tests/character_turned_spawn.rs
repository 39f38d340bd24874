//! A hull turned by a half or a quarter turn and set exactly on a floor or a one-way platform:
//! a turn that rounds (as `Rot::from_angle(PI)` did) puts a corner a few ulps into the
//! surface. A tester's round found the first move of such a character going up
//! to a fifth further than asked (the slide that pushed it out went on along the floor, and
//! the walk, judging progress along the travel, slid the rest again), and such a character
//! on a one-way platform falling through it (a body overlapping the platform at all counted
//! as partly inside it).

use collide_core::{Hull, Rot};
use collide_world::{Character, CharacterSettings, TileMap};
use glam::Vec2;

/// A box hull turned by a half turn, and one turned by a quarter (its sides swapped so that
/// both stand 14 tall and 10 wide): as `Rot::from_angle` gives them (exact), and as it gave
/// them before it made quarter turns exact (a few ulps off, as any turn that rounds is).
fn turned_boxes() -> [(Hull, Rot); 4] {
    let (tall, wide) = (Vec2::new(5.0, 7.0), Vec2::new(7.0, 5.0));
    let off = |cos: f32, sin: f32| Rot::try_from_direction(Vec2::new(cos, sin)).unwrap();
    [
        (tall, Rot::from_angle(core::f32::consts::PI)),
        (wide, Rot::from_angle(core::f32::consts::FRAC_PI_2)),
        (tall, off(-1.0, -8.742_278e-8)),
        (wide, off(-4.371_139e-8, 1.0)),
    ]
    .map(|(half, turn)| (Hull::from_half_extents(half).unwrap(), turn))
}

#[test]
fn a_turned_hull_set_exactly_on_a_floor_walks_as_far_as_asked() {
    let map = TileMap::from_rows(
        &["#............#", "#............#", "##############"],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .unwrap();
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(4.0);
    let mut runs = 0;
    for (hull, turn) in turned_boxes() {
        for step in 0..=100 {
            // Its bottom exactly on the floor's top (y = 16), anywhere along it.
            let x = 30.0 + step as f32 * 1.25;
            for walk in [1.0, -1.0, 0.5, 3.0] {
                let mut character = Character::new(hull, Vec2::new(x, 23.0), settings).unwrap();
                character.set_rotation(turn);
                let moved = *character.move_by(Vec2::new(walk, -0.5), &map);
                let went = moved.position.x - x;
                assert!(
                    (went - walk).abs() < 1e-3 && moved.on_floor,
                    "{turn:?} from x = {x} by {walk}: {moved:?}"
                );
                runs += 1;
            }
        }
    }
    assert_eq!(runs, 1616);
}

#[test]
fn a_turned_hull_set_exactly_on_a_one_way_platform_stands_on_it() {
    let map = TileMap::from_rows(
        &[
            "#..............#",
            "#..............#",
            "#...======.....#",
            "#..............#",
            "################",
        ],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .unwrap();
    for (hull, turn) in turned_boxes() {
        // Its bottom exactly on the platform's top (y = 48), from end to end of it.
        for step in 0..=96 {
            let x = 66.0 + step as f32 * 0.625;
            let settings = CharacterSettings::new(Vec2::Y);
            let mut character = Character::new(hull, Vec2::new(x, 55.0), settings).unwrap();
            character.set_rotation(turn);
            for _ in 0..3 {
                let moved = *character.move_by(Vec2::new(0.0, -0.5), &map);
                assert!(
                    moved.on_floor && moved.position.y > 55.0 - 1e-3,
                    "{turn:?} at x = {x}: {moved:?}"
                );
            }
            // Dropping through it still works.
            let dropped = *character.move_dropping_through(Vec2::new(0.0, -4.0), &map);
            assert!(
                dropped.position.y < 52.0,
                "{turn:?} at x = {x}: {dropped:?}"
            );
        }
    }
}

/// A box hull turned by a quarter turn walking off a 45° slope's crest onto a half tile at the
/// same height stays on the floor (a tester's run lost it for a frame: the turn rounded, and
/// its side stood a few ulps inside the slope's column).
#[test]
fn a_quarter_turned_hull_walks_over_a_crest_on_the_floor() {
    let map = TileMap::from_rows(
        &["#......#", "#.../h.#", "########"],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .unwrap();
    let hull = Hull::from_half_extents(Vec2::new(7.0, 5.0)).unwrap();
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(18.0);
    let mut character = Character::new(hull, Vec2::new(84.0, 39.01), settings).unwrap();
    character.set_rotation(Rot::from_angle(core::f32::consts::FRAC_PI_2));
    for frame in 0..6 {
        let moved = *character.move_by(Vec2::new(1.0, -0.5), &map);
        assert!(moved.on_floor, "frame {frame}: {moved:?}");
    }
}

/// A hexagon on a flat floor, turned so that one corner sinks 0.024 into the floor 0.009 past
/// a seam between two tiles: the push out of the tile whose corner that is went along the
/// hexagon's own face, 44.5° from up, and left it a hair above the other tile, on that face;
/// a floor by its angle, the walk went on up along it and ended 0.86 above the floor, in the
/// air. Straight up, a skin clear, is as near: it walks on along the floor.
#[test]
fn a_hexagon_turned_into_a_floor_at_a_seam_walks_on_along_the_floor() {
    let mut rows = vec!["#.......................#"; 5];
    rows.insert(0, "#########################");
    rows.extend(["#########################"; 2]);
    let map = TileMap::from_rows(
        &rows,
        Vec2::new(1.4594558, 1.1476945),
        Vec2::new(34.864178, -12.88111),
    )
    .unwrap();
    let top = map.cell_bounds(4, 1).max().y;
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(0.050107323)
        .with_max_step_height(0.35697386)
        .with_stop_on_slope(true);
    let hexagon = Hull::regular(6, 0.50107324).unwrap();
    let mut c = Character::new(hexagon, Vec2::new(40.58617, -10.124171), settings).unwrap();
    c.set_rotation(Rot::from_angle(7.255127));
    c.move_by(Vec2::ZERO, &map);
    assert!(c.on_floor());
    c.set_rotation(Rot::from_angle(4.964656));
    let moved = *c.move_by(Vec2::new(1.1476945, -0.016422236), &map);
    let lowest = c
        .shape()
        .aabb(&collide_core::Pose::new(moved.position, c.rotation()));
    let above = lowest.min().y - top;
    assert!(moved.on_floor, "{moved:?}");
    assert!(
        (0.0..0.02).contains(&above),
        "{above} above the floor: {moved:?}"
    );
}
