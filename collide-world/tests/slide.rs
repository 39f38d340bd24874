//! `move_and_slide` against static bodies: no catching on the seams between tiles laid edge to
//! edge, a steady height on a floor, corners, walls, landing, and never inside or through an
//! obstacle at any speed (checked against every obstacle, sub-step by sub-step).

use collide_core::{overlaps, Circle, Hull, Layers, Pose, Rect, Rot, Shape, ShapeRef};
use collide_testkit::SplitMix64;
use collide_world::{
    move_and_slide, Obstacle, Obstacles, Slide, SlideSettings, StaticBodies, Surface, TileMap,
};
use glam::Vec2;

const TILE: f32 = 16.0;

fn tile() -> Rect {
    Rect {
        half_extents: Vec2::splat(TILE / 2.0),
    }
}

/// Tiles of 16 × 16 laid edge to edge: `count` of them from the cell `(x, y)` on, one cell
/// further by `step` each (cells are 16 units; tile `(i, j)` spans `[16i, 16i + 16]`).
fn tiles(bodies: &mut StaticBodies, (x, y): (i32, i32), step: (i32, i32), count: i32) {
    for k in 0..count {
        let cell = Vec2::new((x + k * step.0) as f32, (y + k * step.1) as f32);
        let at = Pose::from_position((cell + Vec2::splat(0.5)) * TILE);
        bodies.add(tile(), at, Layers::ALL).unwrap();
    }
}

fn movers() -> [(&'static str, Shape); 3] {
    [
        (
            "box",
            Rect {
                half_extents: Vec2::new(6.0, 10.0),
            }
            .into(),
        ),
        ("circle", Circle { radius: 6.0 }.into()),
        ("hull", Hull::regular(6, 8.0).unwrap().into()),
    ]
}

/// The half-extents of the mover's box, unrotated.
fn half_height(shape: ShapeRef<'_>) -> Vec2 {
    shape.aabb(&Pose::IDENTITY).half_extents
}

/// Walks each mover along a floor (or up a wall, or under a ceiling) until it has crossed
/// 10 000 seams, at a seeded speed from 1 to 500 units per frame, pressed against the surface
/// every frame; any frame whose travel along the surface is not the whole step, whose distance
/// from the surface changed, or that touched anything but that surface, is a catch.
/// The surface lies on the line through the origin along `along`; the mover starts a unit away
/// from it, on the side opposite `into`.
fn walk<O: Obstacles + ?Sized>(surface: Surface, along: Vec2, into: Vec2, bodies: &O) {
    let settings = SlideSettings::new(Vec2::Y);
    let towards = into.normalize();
    for (name, shape) in movers() {
        let shape = shape.as_shape_ref();
        let reach = half_height(shape).dot(towards.abs());
        let mut rng = SplitMix64::new(0x5EA4);
        let mut pos = along * 100.0 - towards * (reach + 1.0);
        let (mut seams, mut catches, mut frames) = (0u32, 0u32, 0u32);
        let mut across = None;
        while seams < 10_000 {
            let speed = rng.range(1.0, 500.0);
            let step = move_and_slide(
                shape,
                Rot::IDENTITY,
                pos,
                along * speed + into,
                bodies,
                &settings,
            );
            let moved = (step.position - pos).dot(along);
            let off = step.position.dot(towards);
            let touched_only_it = step.contacts().iter().all(|c| c.surface == surface);
            if frames > 0 {
                let steady = across == Some(off);
                let whole = (moved - speed).abs() <= 1e-5 * (pos.abs().max_element() + speed);
                if !(steady && whole && touched_only_it && step.remaining == Vec2::ZERO) {
                    catches += 1;
                    assert!(
                        catches < 1,
                        "{name}: caught at {pos}: moved {moved} of {speed}, {step:?}"
                    );
                }
            }
            across = Some(off);
            let before = (pos.dot(along) / TILE).floor();
            pos = step.position;
            seams += ((pos.dot(along) / TILE).floor() - before) as u32;
            // Back to the start of the strip before its end, by a whole number of tiles.
            if pos.dot(along) > 60_000.0 {
                pos -= along * (TILE * 3_584.0);
            }
            frames += 1;
        }
        assert_eq!(catches, 0, "{name}: {catches} catches in {frames} frames");
    }
}

#[test]
fn walking_along_a_tile_floor_never_catches_on_a_seam() {
    let mut floor = StaticBodies::new();
    tiles(&mut floor, (0, -1), (1, 0), 4096);
    floor.refresh();
    // Gravity presses the mover into the floor every frame; its first frame lands it.
    walk(Surface::Floor, Vec2::X, Vec2::new(0.0, -2.0), &floor);
}

#[test]
fn sliding_up_a_tile_wall_never_catches_on_a_seam() {
    let mut wall = StaticBodies::new();
    tiles(&mut wall, (-1, 0), (0, 1), 4096);
    wall.refresh();
    walk(Surface::Wall, Vec2::Y, Vec2::new(-2.0, 0.0), &wall);
}

#[test]
fn sliding_under_a_tile_ceiling_never_catches_on_a_seam() {
    let mut ceiling = StaticBodies::new();
    tiles(&mut ceiling, (0, 0), (1, 0), 4096);
    ceiling.refresh();
    walk(Surface::Ceiling, Vec2::X, Vec2::new(0.0, 2.0), &ceiling);
}

/// A tile map of 16-unit tiles, every cell solid, `width × height` cells from the cell
/// `(x, y)` on: the same tiles as `tiles` lays along a row or a column.
fn tile_map((x, y): (i32, i32), width: u32, height: u32) -> TileMap {
    let origin = Vec2::new(x as f32, y as f32) * TILE;
    TileMap::from_fn(width, height, Vec2::splat(TILE), origin, |_, _| 1).unwrap()
}

#[test]
fn walking_along_a_tile_map_floor_never_catches_on_a_seam() {
    let floor = tile_map((0, -1), 4096, 1);
    walk(Surface::Floor, Vec2::X, Vec2::new(0.0, -2.0), &floor);
}

#[test]
fn sliding_up_a_tile_map_wall_never_catches_on_a_seam() {
    let wall = tile_map((-1, 0), 1, 4096);
    walk(Surface::Wall, Vec2::Y, Vec2::new(-2.0, 0.0), &wall);
}

#[test]
fn sliding_under_a_tile_map_ceiling_never_catches_on_a_seam() {
    let ceiling = tile_map((0, 0), 4096, 1);
    walk(Surface::Ceiling, Vec2::X, Vec2::new(0.0, 2.0), &ceiling);
}

#[test]
fn an_inside_corner_stops_a_wall_slides_and_a_fall_lands() {
    let mut level = StaticBodies::new();
    tiles(&mut level, (0, -1), (1, 0), 10); // floor: tops at y = 0, x in [0, 160]
    tiles(&mut level, (10, 0), (0, 1), 10); // wall: its left face at x = 160
    level.refresh();
    let settings = SlideSettings::new(Vec2::Y);
    for (name, shape) in movers() {
        let shape = shape.as_shape_ref();
        let half = half_height(shape);
        // Falling from high up lands on the floor, a skin above it.
        let fall = move_and_slide(
            shape,
            Rot::IDENTITY,
            Vec2::new(50.0, 200.0),
            Vec2::new(0.0, -500.0),
            &level,
            &settings,
        );
        assert!(fall.on_floor && !fall.on_wall, "{name}: {fall:?}");
        let gap = fall.position.y - half.y;
        assert!(gap > 0.0 && gap <= 2.0 * settings.skin, "{name}: gap {gap}");
        // Into the corner (right and down): it stops against both.
        let corner = move_and_slide(
            shape,
            Rot::IDENTITY,
            fall.position,
            Vec2::new(400.0, -5.0),
            &level,
            &settings,
        );
        assert!(corner.on_floor && corner.on_wall, "{name}: {corner:?}");
        let right = corner.position.x + half.x;
        assert!(
            right < 160.0 && right > 160.0 - 2.0 * settings.skin,
            "{name}: {right}"
        );
        assert_eq!(
            corner.clip_velocity(Vec2::new(3.0, -1.0)),
            Vec2::ZERO,
            "{name}"
        );
        // Up along the wall, pressed into it: it slides up the whole way.
        let climb = move_and_slide(
            shape,
            Rot::IDENTITY,
            corner.position + Vec2::Y,
            Vec2::new(2.0, 60.0),
            &level,
            &settings,
        );
        assert!(climb.on_wall, "{name}: {climb:?}");
        assert!(
            (climb.position.y - corner.position.y - 61.0).abs() < 1e-3,
            "{name}: {climb:?}"
        );
    }
}

/// A body that starts sunk into a floor is pushed out first, whether it then moves or not,
/// and wherever it was sunk: on a tile, across a seam, or in an inside corner.
#[test]
fn a_body_that_starts_inside_is_pushed_out_and_then_moves() {
    let mut level = StaticBodies::new();
    tiles(&mut level, (0, -1), (1, 0), 10); // floor: tops at y = 0, x in [0, 160]
    tiles(&mut level, (10, 0), (0, 1), 10); // wall: its left face at x = 160
    level.refresh();
    let obstacles = level_as_slice(&level);
    let settings = SlideSettings::new(Vec2::Y);
    for (name, shape) in movers() {
        let shape = shape.as_shape_ref();
        let half = half_height(shape);
        for at in [
            Vec2::new(40.0, half.y - 1.5),
            Vec2::new(48.0, half.y - 0.25),
            Vec2::new(160.0 - half.x + 1.0, half.y - 1.0),
        ] {
            assert!(
                inside(shape, Rot::IDENTITY, at, &obstacles).is_some(),
                "{name} {at}"
            );
            let still = move_and_slide(shape, Rot::IDENTITY, at, Vec2::ZERO, &level, &settings);
            for travel in [Vec2::ZERO, Vec2::new(-30.0, -2.0), Vec2::new(0.0, 40.0)] {
                let step = move_and_slide(shape, Rot::IDENTITY, at, travel, &level, &settings);
                let end = step.position;
                assert_eq!(
                    inside(shape, Rot::IDENTITY, end, &obstacles),
                    None,
                    "{name} {at}"
                );
                // Its first contacts are the push-out's, the same as without a travel.
                let pushed = &step.contacts()[..still.contacts().len()];
                assert_eq!(pushed, still.contacts(), "{name} {at} {travel}");
                assert!(step.on_floor, "{name} {at} {travel}: {step:?}");
            }
        }
    }
}

/// The level's bodies as obstacles, for the brute-force checks.
fn level_as_slice(level: &StaticBodies) -> Vec<Obstacle<'_>> {
    let everywhere = collide_core::Aabb::from_min_max(Vec2::splat(-1e6), Vec2::splat(1e6));
    let mut all = Vec::new();
    level.near(&everywhere, collide_core::Layers::ALL, &mut |o| all.push(o));
    all
}

/// The first obstacle the body overlaps at `at`, by brute force.
fn inside(shape: ShapeRef<'_>, turn: Rot, at: Vec2, obstacles: &[Obstacle<'_>]) -> Option<u32> {
    let pose = Pose::new(at, turn);
    obstacles
        .iter()
        .find(|o| overlaps(shape, &pose, o.shape, &o.pose))
        .map(|o| o.id)
}

/// The path the body took: its start, each place it stopped, its end.
fn path(start: Vec2, step: &Slide) -> Vec<Vec2> {
    let mut points = vec![start];
    points.extend(step.contacts().iter().map(|c| c.position));
    points.push(step.position);
    points
}

#[test]
fn never_inside_and_never_through_at_any_speed() {
    let mut rng = SplitMix64::new(0x5_11DE);
    let shapes: Vec<Shape> = (0..60)
        .map(|i| match i % 3 {
            0 => Circle {
                radius: rng.range(2.0, 20.0),
            }
            .into(),
            1 => Rect {
                half_extents: Vec2::new(rng.range(1.0, 30.0), rng.range(1.0, 30.0)),
            }
            .into(),
            _ => Hull::regular(3 + rng.index(6), rng.range(3.0, 25.0))
                .unwrap()
                .into(),
        })
        .collect();
    let obstacles: Vec<Obstacle<'_>> = shapes
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let at = rng.in_box(Vec2::splat(-400.0), Vec2::splat(400.0));
            Obstacle::new(i as u32, s, Pose::new(at, Rot::from_angle(rng.angle())))
        })
        .collect();
    let settings = SlideSettings::new(Vec2::Y);
    let (mut moves, mut stopped) = (0, 0);
    for (name, mover) in movers() {
        let mover = mover.as_shape_ref();
        for _ in 0..400 {
            let start = rng.in_box(Vec2::splat(-500.0), Vec2::splat(500.0));
            // Turned, so that hull movers meet the obstacles at every angle.
            let turn = Rot::from_angle(rng.angle());
            if inside(mover, turn, start, &obstacles).is_some() {
                continue;
            }
            let speed = [5.0, 50.0, 500.0, 10_000.0][rng.index(4)];
            let travel = rng.direction() * speed * rng.range(0.1, 1.0);
            let step = move_and_slide(mover, turn, start, travel, &obstacles[..], &settings);
            moves += 1;
            stopped += usize::from(!step.contacts().is_empty());
            let points = path(start, &step);
            for leg in points.windows(2) {
                for k in 0..=200 {
                    let at = leg[0].lerp(leg[1], k as f32 / 200.0);
                    assert_eq!(
                        inside(mover, turn, at, &obstacles),
                        None,
                        "{name}: from {start} by {travel}: inside at {at}"
                    );
                }
            }
        }
    }
    assert!(
        moves > 1000 && stopped > 200,
        "{moves} moves, {stopped} stopped"
    );
}

#[test]
fn a_slice_and_the_index_give_the_same_moves() {
    let mut rng = SplitMix64::new(77);
    let mut level = StaticBodies::new();
    tiles(&mut level, (0, -1), (1, 0), 40);
    tiles(&mut level, (20, 0), (0, 1), 5);
    tiles(&mut level, (5, 3), (1, 0), 6);
    level.refresh();
    let mut all = Vec::new();
    level.near(
        &collide_core::Aabb::new(Vec2::ZERO, Vec2::splat(1e4)),
        collide_core::Layers::ALL,
        &mut |o| all.push((o.id, o.pose)),
    );
    let shape = tile();
    let slice: Vec<Obstacle<'_>> = all
        .iter()
        .map(|&(id, pose)| Obstacle::new(id, shape, pose))
        .collect();
    let settings = SlideSettings::new(Vec2::Y);
    let body = Circle { radius: 5.0 };
    for _ in 0..500 {
        let start = rng.in_box(Vec2::new(0.0, 6.0), Vec2::new(300.0, 40.0));
        let travel = rng.direction() * rng.range(1.0, 300.0);
        let a = move_and_slide(body, Rot::IDENTITY, start, travel, &level, &settings);
        let b = move_and_slide(body, Rot::IDENTITY, start, travel, &slice[..], &settings);
        assert_eq!(a.position, b.position);
        assert_eq!(a.contacts().len(), b.contacts().len());
    }
}

/// Three moves at a seam of a floor of 16-unit tiles (tops at y = 0), found by the benchmark's
/// comparison with another character controller: each once met the next tile's corner within
/// rounding of the floor and caught on it (the box stopped against a wall normal), was thrown
/// up by its slanted normal (the hexagon, to y = 161), lifted by a tilted second floor normal
/// (the circle, by 0.3), or lowered by the slanted normal of the corner just behind it (the
/// circle at a seam an ulp short of it, by 0.0018, with the next tile's face met at the same
/// moment). Each must move its whole travel along the floor at its height.
#[test]
fn the_seams_a_character_benchmark_caught_on() {
    let mut floor = StaticBodies::new();
    tiles(&mut floor, (0, -1), (1, 0), 4096);
    floor.refresh();
    let settings = SlideSettings::new(Vec2::Y);
    let hexagon = Hull::regular(6, 8.0).unwrap();
    let cases: [(ShapeRef<'_>, Vec2, f32); 4] = [
        (
            Rect {
                half_extents: Vec2::new(6.0, 10.0),
            }
            .into(),
            Vec2::new(18263.742, 10.01),
            451.11194,
        ),
        ((&hexagon).into(), Vec2::new(37434.203, 6.938204), 359.22858),
        (
            Circle { radius: 6.0 }.into(),
            Vec2::new(51935.414, 6.01),
            114.26663,
        ),
        (
            Circle { radius: 6.0 }.into(),
            Vec2::new(8063.9453, 6.01),
            11.175876,
        ),
    ];
    for (shape, at, speed) in cases {
        let step = move_and_slide(
            shape,
            Rot::IDENTITY,
            at,
            Vec2::new(speed, -2.0),
            &floor,
            &settings,
        );
        assert!(
            step.on_floor && !step.on_wall && !step.on_ceiling,
            "{shape:?}: {step:?}"
        );
        assert_eq!(step.position.y, at.y, "{shape:?}: {step:?}");
        assert!(
            (step.position.x - at.x - speed).abs() < 0.01,
            "{shape:?}: {step:?}"
        );
    }
}

/// Never inside and never through a level of tiles with rects of every size strewn between,
/// where the search skips the tiles behind the side a body met first: boxes, turned hulls and
/// circles, at every speed, checked sub-step by sub-step against every rect.
#[test]
fn never_inside_a_level_of_tiles_and_strewn_rects() {
    let mut rng = SplitMix64::new(0x51DE5);
    let mut level = StaticBodies::new();
    tiles(&mut level, (0, -1), (1, 0), 30);
    tiles(&mut level, (30, 0), (1, 0), 10); // a step up
    tiles(&mut level, (-1, 0), (0, 1), 12);
    tiles(&mut level, (8, 4), (1, 0), 8);
    tiles(&mut level, (0, 11), (1, 0), 40);
    for _ in 0..40 {
        let half = Vec2::new(rng.range(0.5, 20.0), rng.range(0.5, 20.0));
        let at = rng.in_box(Vec2::new(20.0, 10.0), Vec2::new(600.0, 170.0));
        let rect = Rect { half_extents: half };
        level
            .add(rect, Pose::from_position(at), Layers::ALL)
            .unwrap();
    }
    level.refresh();
    let rects = level_as_slice(&level);
    let settings = SlideSettings::new(Vec2::Y);
    let mut stopped = 0;
    for (name, mover) in movers() {
        let mover = mover.as_shape_ref();
        for i in 0..600 {
            let start = rng.in_box(Vec2::new(10.0, 12.0), Vec2::new(600.0, 160.0));
            let turn = Rot::from_angle(if i % 2 == 0 { 0.0 } else { rng.angle() });
            if inside(mover, turn, start, &rects).is_some() {
                continue;
            }
            let speed = [2.0, 30.0, 500.0, 5_000.0][i % 4];
            let mut travel = rng.direction() * speed * rng.range(0.2, 1.0);
            if i % 3 == 0 {
                travel.y = -2.0; // walking, pressed into the floor
            }
            let step = move_and_slide(mover, turn, start, travel, &level, &settings);
            stopped += usize::from(!step.contacts().is_empty());
            for leg in path(start, &step).windows(2) {
                for k in 0..=50 {
                    let at = leg[0].lerp(leg[1], k as f32 / 50.0);
                    assert_eq!(
                        inside(mover, turn, at, &rects),
                        None,
                        "{name}: from {start} by {travel}: inside at {at}"
                    );
                }
            }
        }
    }
    assert!(stopped > 400, "only {stopped} moves stopped");
}
