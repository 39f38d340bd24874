//! A query that leaves tiles out by id or predicate sees them as empty: the face between a
//! tile left out and a solid one behind it is exposed. A tester's world-query round found a
//! laser leaving out one tile of a wall pass through the whole wall, and a character walking
//! through a door tile left out passed through the wall behind it at 80 units a frame: the
//! map's face rule counted the tile left out as covering its neighbour's face.

use collide::prelude::*;
use collide::{cast_ray_static_all, move_and_slide_filtered};

fn wall() -> TileMap {
    TileMap::from_rows(&["###"], Vec2::splat(16.0), Vec2::ZERO).unwrap()
}

#[test]
fn a_laser_leaving_out_a_tile_meets_the_one_behind_it() {
    let map = wall();
    let (from, to) = (Vec2::new(-10.0, 8.0), Vec2::new(60.0, 8.0));
    let gone = [0];
    let by_id = QueryFilter::new(Layers::ALL).excluding(&gone);
    let not_first = |id: u32| id != 0;
    let by_predicate = QueryFilter::new(Layers::ALL).with_predicate(&not_first);
    for filter in [by_id, by_predicate] {
        let ray = cast_ray_static(&map, from, to, filter).expect("tile 1 is in the way");
        assert_eq!((ray.id, ray.impact.normal), (1, Vec2::X));
        assert!((ray.impact.t - 26.0 / 70.0).abs() < 1e-6, "{ray:?}");
        let ball = Circle { radius: 2.0 };
        let cast = cast_shape_static(&map, ball, &Motion::linear(from, to), filter)
            .expect("tile 1 is in the way");
        assert_eq!((cast.id, cast.impact.normal), (1, Vec2::X));
        assert!((cast.impact.t - 24.0 / 70.0).abs() < 1e-6, "{cast:?}");
    }
    // Left out with nothing, the wall is met at its first tile, and never at a seam.
    let all = cast_ray_static(&map, from, to, Layers::ALL).unwrap();
    assert_eq!((all.id, all.impact.normal), (0, Vec2::X));
    let mut every = Vec::new();
    cast_ray_static_all(&map, from, to, Layers::ALL, &mut every);
    assert_eq!(every.iter().map(|h| h.id).collect::<Vec<_>>(), [0]);
}

#[test]
fn a_character_through_a_door_left_out_stops_at_the_wall_behind_it() {
    // A door tile (2, 1) in a wall three tiles thick (x from 32 to 80), on a floor.
    let rows = ["......", "..###.", "######"];
    let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let door = [map.cell_index(2, 1)];
    let filter = QueryFilter::new(Layers::ALL).excluding(&door);
    let shape = Rect {
        half_extents: Vec2::new(4.0, 6.0),
    };
    for speed in [6.0, 30.0, 80.0, 400.0] {
        let start = Vec2::new(8.0, 22.01);
        let mut character = Character::new(shape, start, CharacterSettings::new(Vec2::Y)).unwrap();
        for _ in 0..(80.0 / speed) as usize + 2 {
            let moved = character.move_by_filtered(Vec2::new(speed, -1.0), &map, &filter);
            // Through the door (x from 32 to 48), never into the tile behind it.
            assert!(moved.position.x <= 44.0, "{speed}: {:?}", moved.position);
        }
        assert!(
            character.position().x > 43.9,
            "{speed}: {:?}",
            character.position()
        );
        let settings = SlideSettings::new(Vec2::Y);
        let slid = move_and_slide_filtered(
            shape,
            Rot::IDENTITY,
            start,
            Vec2::new(speed, 0.0),
            &map,
            &settings,
            &filter,
        );
        assert!(slid.position.x <= 44.0, "{speed}: {:?}", slid.position);
    }
}

/// Random walls with random tiles left out: every cast through the filter meets what the same
/// cast meets on the map with those tiles emptied, and a box, a ball or a hexagon slid from
/// outside the walls ends where it ends there, on a floor or not as there.
#[test]
fn casts_leaving_tiles_out_meet_what_the_map_without_them_meets() {
    let mut rng = collide_testkit::SplitMix64::new(0xF17E_7ED5);
    let (mut compared, mut slides) = (0, 0);
    for _ in 0..400 {
        let size = rng.range(0.5, 40.0);
        let rows: Vec<String> = (0..6)
            .map(|_| {
                (0..8)
                    .map(|_| if rng.unit() < 0.5 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let map = TileMap::from_rows(&rows, Vec2::splat(size), Vec2::ZERO).unwrap();
        let gone: Vec<u32> = (0..48).filter(|_| rng.unit() < 0.3).collect();
        let mut emptied = map.clone();
        for &id in &gone {
            let cell = map.cell_of_index(id);
            emptied.set(cell.x, cell.y, 0).unwrap();
        }
        let filter = QueryFilter::new(Layers::ALL).excluding(&gone);
        let field = Vec2::new(8.0, 6.0) * size;
        for _ in 0..8 {
            let from = rng.in_box(-0.2 * field, 1.2 * field);
            let to = rng.in_box(-0.2 * field, 1.2 * field);
            let ray = cast_ray_static(&map, from, to, filter);
            let want = cast_ray_static(&emptied, from, to, Layers::ALL);
            let ball = Circle {
                radius: rng.range(0.05, 0.45) * size,
            };
            let path = Motion::linear(from, to);
            let cast = cast_shape_static(&map, ball, &path, filter);
            let want_cast = cast_shape_static(&emptied, ball, &path, Layers::ALL);
            let hexagon = Hull::regular(6, 0.3 * size).unwrap();
            let body: Shape = match rng.index(3) {
                0 => Rect {
                    half_extents: Vec2::splat(0.3 * size),
                }
                .into(),
                1 => Circle { radius: 0.3 * size }.into(),
                _ => hexagon.into(),
            };
            let settings = SlideSettings::new(Vec2::Y);
            let slid = |map: &TileMap, filter: &QueryFilter<'_>| {
                let s = move_and_slide_filtered(
                    &body,
                    Rot::IDENTITY,
                    from,
                    to - from,
                    map,
                    &settings,
                    filter,
                );
                (s.position, s.on_floor)
            };
            // From outside the solid region (a start inside is pushed out, as the set's
            // neighbours say).
            let (got, want_slid) = (slid(&map, &filter), slid(&emptied, &QueryFilter::default()));
            let outside = !map.overlaps(&body, &Pose::from_position(from));
            slides += usize::from(outside);
            assert!(
                !outside || (got.1 == want_slid.1 && (got.0 - want_slid.0).length() <= 1e-3 * size),
                "slide {rows:?} size {size} gone {gone:?} {from:?} -> {to:?}: {got:?} {want_slid:?}"
            );
            for (which, (got, want)) in [("ray", (ray, want)), ("ball", (cast, want_cast))] {
                let got = got.map(|h| (h.id, h.impact.t));
                let want = want.map(|h| (h.id, h.impact.t));
                let same = match (got, want) {
                    (Some((a, s)), Some((b, t))) => a == b && (s - t).abs() <= 1e-5,
                    (a, b) => a == b,
                };
                assert!(
                    same,
                    "{which} {ball:?} {rows:?} size {size} gone {gone:?} {from:?} -> {to:?}: {got:?} {want:?}"
                );
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 6400);
    assert!(slides > 1000, "{slides} slides from outside");
}

/// Far out, where a tile of 0.1 is a few ulps wide, a filtered cast answers (a tester's
/// harness found it panicking where the neighbour's probe was clamped between bounds the
/// rounding had crossed).
#[test]
fn a_filtered_cast_far_out_on_tiny_tiles_answers() {
    let rows = ["##.#", "#..#", "####"];
    let map = TileMap::from_rows(&rows, Vec2::splat(0.1), Vec2::new(1000.0, -100_000.0)).unwrap();
    let gone = [map.cell_index(1, 0)];
    let filter = QueryFilter::new(Layers::ALL).excluding(&gone);
    let mut answered = 0;
    for i in 0..200 {
        let a = i as f32 * 0.37;
        let (s, c) = collide_core::math::sin_cos(a);
        let (s3, c3) = collide_core::math::sin_cos(3.0 * a);
        let from = Vec2::new(1000.2, -99_999.85) + 0.04 * Vec2::new(c, s);
        let to = from + Vec2::new(c3, s3) * 0.3;
        answered += usize::from(cast_ray_static(&map, from, to, filter).is_some());
        let ball = Circle { radius: 0.02 };
        let path = Motion::linear(from, to);
        answered += usize::from(cast_shape_static(&map, ball, &path, filter).is_some());
    }
    assert!(answered > 100, "{answered} hits");
}

/// A ball beside a kept tile whose neighbour is left out meets the tile's corner as a corner
/// (a tester's round: the corner was flattened into a wall, and the ball rose through the
/// tile along it), move after move, as on the map with the neighbour emptied.
#[test]
fn a_character_rounds_a_corner_its_left_out_neighbour_no_longer_covers() {
    let rows = ["..#......", "..##....."];
    let map =
        TileMap::from_rows(&rows, Vec2::splat(14.438_852), Vec2::new(0.0, 43.316_56)).unwrap();
    let gone = [map.cell_index(2, 0), map.cell_index(3, 0)];
    let mut emptied = map.clone();
    for &id in &gone {
        let cell = map.cell_of_index(id);
        emptied.set(cell.x, cell.y, 0).unwrap();
    }
    let filter = QueryFilter::new(Layers::ALL).excluding(&gone);
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(8.566_868)
        .with_max_step_height(1.085_245_4);
    let (ball, start) = (
        Circle { radius: 8.666_485 },
        Vec2::new(58.139_66, 71.238_65),
    );
    let mut filtered = Character::new(ball, start, settings).unwrap();
    let mut plain = Character::new(ball, start, settings).unwrap();
    for travel in [
        Vec2::new(-15.7176, -6.670_166_5),
        Vec2::new(-15.7176, -13.340_333),
        Vec2::new(-15.7176, 19.404_236),
        Vec2::new(-15.7176, -0.327_467_92),
    ] {
        let got = filtered.move_by_filtered(travel, &map, &filter).position;
        let want = plain.move_by(travel, &emptied).position;
        assert!(
            (got - want).length() < 1e-3,
            "{travel:?}: {got:?} against {want:?}"
        );
        assert!(
            !emptied.overlaps(ball, &Pose::from_position(got)),
            "{got:?}"
        );
    }
}

/// A slope's upright side beside a tile left out is a wall to the query (a tester's round: a
/// box cast missed it, and a box slid straight through the slope).
#[test]
fn a_slope_beside_a_tile_left_out_shows_its_side() {
    let (cast_map, gone) = row_without(".......#b.......", 0.75, 6.0, 7);
    let filter = QueryFilter::new(Layers::ALL).excluding(&gone);
    let box_ = Rect {
        half_extents: Vec2::new(0.415_557_27, 0.329_767_76),
    };
    let path = Motion::linear(
        Vec2::new(5.484_277_7, 5.797_062),
        Vec2::new(8.632_306, 3.447_361_5),
    );
    let hit = cast_shape_static(&cast_map, box_, &path, filter).expect("the slope's side");
    assert_eq!((hit.id, hit.impact.normal), (8, Vec2::X));
    assert!((hit.impact.t - 0.031_818_33).abs() < 1e-5, "{hit:?}");

    let (slide_map, gone) = row_without("...............#b..", 58.585_49, 117.170_98, 15);
    let filter = QueryFilter::new(Layers::ALL).excluding(&gone);
    let body = Rect {
        half_extents: Vec2::new(18.300_007, 27.019_154),
    };
    let settings = SlideSettings::new(Vec2::Y);
    let (from, travel) = (
        Vec2::new(911.623_84, 155.068_28),
        Vec2::new(37.730_87, -60.223_85),
    );
    let slid = move_and_slide_filtered(
        body,
        Rot::IDENTITY,
        from,
        travel,
        &slide_map,
        &settings,
        &filter,
    );
    assert!(
        (slid.position - Vec2::new(919.057_86, 94.844_42)).length() < 0.05,
        "{:?}",
        slid.position
    );
}

/// A map of one row of square cells of `size`, its bottom at `y`, and the id of its cell at
/// column `x`, to leave out.
fn row_without(row: &str, size: f32, y: f32, x: u32) -> (TileMap, [u32; 1]) {
    let map = TileMap::from_rows(&[row], Vec2::splat(size), Vec2::new(0.0, y)).unwrap();
    let id = map.cell_index(x, 0);
    (map, [id])
}

/// Two static rects laid edge to edge, one left out: the other's corner is a corner, not the
/// flat top the pair makes (a tester's round found the normal flattened).
#[test]
fn a_static_rect_beside_one_left_out_shows_its_corner() {
    let mut level = StaticBodies::new();
    let tile = Rect {
        half_extents: Vec2::splat(8.0),
    };
    let kept = level
        .add(tile, Pose::from_position(Vec2::new(8.0, 8.0)), Layers::ALL)
        .unwrap();
    let gone = level
        .add(tile, Pose::from_position(Vec2::new(24.0, 8.0)), Layers::ALL)
        .unwrap();
    level.refresh();
    let left_out = [gone.id()];
    let filter = QueryFilter::new(Layers::ALL).excluding(&left_out);
    let ball = Circle { radius: 4.0 };
    let path = Motion::linear(Vec2::new(19.0, -20.0), Vec2::new(19.0, 0.0));
    let hit = cast_shape_static(&level, ball, &path, filter).expect("the kept rect's corner");
    assert_eq!(hit.id, kept.id());
    // The ball's centre is 3 right of the corner (16, 0) when it meets it, below it.
    let want = Vec2::new(-3.0, (16.0f32 - 9.0).sqrt()) / 4.0;
    assert!((hit.impact.normal - want).length() < 1e-5, "{hit:?}");
    // With both rects, the pair's bottom is flat there.
    let both = cast_shape_static(&level, ball, &path, Layers::ALL).unwrap();
    assert_eq!(both.impact.normal, Vec2::Y);
}

/// A laser running exactly along the line between two rows of tiles meets their seam, but
/// not where the tile on one side is left out: it grazes the other (a tester's round found
/// the seam kept, the laser stopped by a tile it only touches).
#[test]
fn a_laser_along_a_seam_beside_a_tile_left_out_grazes_past() {
    let map = TileMap::from_rows(&["#.", "##"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let (from, to) = (Vec2::new(-10.0, 16.0), Vec2::new(40.0, 16.0));
    let seam = cast_ray_static(&map, from, to, Layers::ALL).expect("the seam");
    assert_eq!((seam.id, seam.impact.t), (0, 0.2));
    let top = [map.cell_index(0, 1)];
    let filter = QueryFilter::new(Layers::ALL).excluding(&top);
    assert_eq!(cast_ray_static(&map, from, to, filter), None);
    // A point body, and the same map in a world with the tile named by its id there.
    let point = Circle { radius: 0.0 };
    let path = Motion::linear(from, to);
    assert_eq!(cast_shape_static(&map, point, &path, filter), None);
    let world = StaticWorld::new(map.clone());
    let top = [collide::TILE_IDS + top[0]];
    let filter = QueryFilter::new(Layers::ALL).excluding(&top);
    assert_eq!(cast_ray_static(&world, from, to, filter), None);
}

/// The same for two static rects stacked, one left out.
#[test]
fn a_laser_along_two_rects_one_left_out_grazes_past() {
    let mut level = StaticBodies::new();
    let tile = Rect {
        half_extents: Vec2::splat(8.0),
    };
    let low = level.add(tile, Pose::from_position(Vec2::splat(8.0)), Layers::ALL);
    let high = level.add(tile, Pose::from_position(Vec2::new(8.0, 24.0)), Layers::ALL);
    level.refresh();
    let (from, to) = (Vec2::new(-10.0, 16.0), Vec2::new(40.0, 16.0));
    let seam = cast_ray_static(&level, from, to, Layers::ALL).expect("the seam");
    assert_eq!(seam.id, low.unwrap().id());
    let gone = [high.unwrap().id()];
    let filter = QueryFilter::new(Layers::ALL).excluding(&gone);
    assert_eq!(cast_ray_static(&level, from, to, filter), None);
}
