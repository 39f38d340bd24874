//! A point (a zero-radius circle) running exactly along the grid line between two solid tiles
//! runs inside the solid region, though it enters neither tile (overlap is strict). The pass,
//! the static casts and `move_and_slide` all stop it where the two tiles begin, as
//! `TileMap::cast_segment` does. They used to let it through: in the pass and the casts, a
//! bullet fired along the line between two stacked wall tiles passed the wall, and a laser
//! straight down the seam of two floor tiles passed the floor; `move_and_slide` let a point
//! standing on the floor exactly at a seam sink into it when pressed down. The same holds for
//! separate static bodies laid edge to edge (each tile a wall body of its own).

use collide::{
    cast_ray_static, cast_ray_static_all, cast_shape_static, move_and_slide, Body, CollisionPass,
    Reaction, Response, SlideSettings, StaticBodies, StaticWorld, TileMap, TileShape, TILE_IDS,
};
use collide_core::{Circle, Layers, Motion, Pose, Rect, Rot};
use collide_testkit::SplitMix64;
use glam::Vec2;

const TILE: f32 = 16.0;
const POINT: Circle = Circle { radius: 0.0 };

/// A wall two tiles tall (x 32..48, y 16..48) on a floor (y 0..16).
fn wall_on_floor() -> TileMap {
    TileMap::from_rows(&["..#..", "..#..", "#####"], Vec2::splat(TILE), Vec2::ZERO).unwrap()
}

/// Where `body` ends the pass on `statics` when every hit stops it, and its hits' normals.
fn pass_end(body: Body<'_>, statics: &(impl collide::Obstacles + ?Sized)) -> (Vec2, Vec<Vec2>) {
    let mut pass = CollisionPass::default();
    let mut normals = Vec::new();
    pass.run(&[body], statics, |hit| {
        normals.push(hit.impact.normal);
        Response::a(Reaction::Stop)
    })
    .unwrap();
    (pass.outcomes()[0].position, normals)
}

#[test]
fn a_bullet_along_the_seam_of_two_wall_tiles_stops_at_the_wall() {
    let map = wall_on_floor();
    let world = StaticWorld::new(map.clone());
    let bullet = Body::new(POINT, Vec2::new(4.0, 32.0), Vec2::new(76.0, 32.0));
    for (end, normals) in [pass_end(bullet, &map), pass_end(bullet, &world)] {
        assert!(end.x < 32.0 && end.x > 31.9, "{end:?}");
        assert_eq!(normals, [Vec2::X]);
    }
    // Back the other way, from beyond the wall.
    let back = Body::new(POINT, Vec2::new(76.0, 32.0), Vec2::new(4.0, 32.0));
    let (end, _) = pass_end(back, &map);
    assert!(end.x > 48.0 && end.x < 48.1, "{end:?}");
}

#[test]
fn a_laser_down_the_seam_of_two_floor_tiles_meets_the_floor() {
    let map = wall_on_floor();
    let world = StaticWorld::new(map.clone());
    let (from, to) = (Vec2::new(16.0, 40.0), Vec2::new(16.0, -40.0));
    let own = map
        .cast_segment(from, to)
        .expect("the map's own cast meets the floor");
    let ray = cast_ray_static(&map, from, to, Layers::ALL).expect("the floor");
    assert_eq!(ray, own);
    assert_eq!((ray.impact.t, ray.impact.normal), (0.3, Vec2::NEG_Y));
    let in_world = cast_ray_static(&world, from, to, Layers::ALL).expect("the floor");
    assert_eq!(in_world.id, TILE_IDS + own.id);
    let mut all = Vec::new();
    cast_ray_static_all(&map, from, to, Layers::ALL, &mut all);
    assert_eq!(all, [own], "one hit for the two tiles");
    let cast = cast_shape_static(&map, POINT, &Motion::linear(from, to), Layers::ALL);
    assert_eq!(cast, Some(own));
    // A layer the map is not on sees no floor, seam or not.
    let other = Layers::on(5).with_mask(1 << 5);
    let mut elsewhere = map.clone();
    elsewhere.set_layers(Layers::on(1).with_mask(1 << 1));
    assert_eq!(cast_ray_static(&elsewhere, from, to, other), None);
}

#[test]
fn a_point_falling_down_a_floor_seam_lands_on_it() {
    let map = wall_on_floor();
    let settings = SlideSettings::new(Vec2::Y);
    let fall = move_and_slide(
        POINT,
        Rot::IDENTITY,
        Vec2::new(16.0, 40.0),
        Vec2::new(0.0, -80.0),
        &map,
        &settings,
    );
    assert!(fall.on_floor, "{fall:?}");
    assert!(fall.position.y > 16.0 && fall.position.y < 16.1, "{fall:?}");
    // Pressed on down the next frame, it stays.
    let rest = move_and_slide(
        POINT,
        Rot::IDENTITY,
        fall.position,
        Vec2::new(0.0, -8.0),
        &map,
        &settings,
    );
    assert!(rest.on_floor && rest.position.y > 16.0, "{rest:?}");
    // Standing on the floor's top exactly at the seam and pressed down, it does not sink.
    let corner = Vec2::new(16.0, 16.0);
    let press = move_and_slide(
        POINT,
        Rot::IDENTITY,
        corner,
        Vec2::new(0.0, -8.0),
        &map,
        &settings,
    );
    assert!(press.on_floor && press.position.y >= 16.0, "{press:?}");
    // Along the seam of the wall's two tiles, it stops at the wall.
    let run = move_and_slide(
        POINT,
        Rot::IDENTITY,
        Vec2::new(4.0, 32.0),
        Vec2::new(72.0, 0.0),
        &map,
        &settings,
    );
    assert!(run.on_wall && run.position.x < 32.0, "{run:?}");
}

/// The solid cells of `map`, each a static body of its own.
fn bodies_of(map: &TileMap) -> StaticBodies {
    let mut bodies = StaticBodies::new();
    let half = Rect {
        half_extents: Vec2::splat(TILE / 2.0),
    };
    for y in 0..map.height() {
        for x in 0..map.width() {
            if map.get(x, y).is_some_and(|c| c != 0) {
                let at = Pose::from_position(map.cell_center(x, y));
                bodies.add(half, at, Layers::ALL).unwrap();
            }
        }
    }
    bodies.refresh();
    bodies
}

/// A map of `w × h` random solid and empty cells.
fn random_map(rng: &mut SplitMix64, w: u32, h: u32) -> TileMap {
    let fill = rng.range(0.3, 0.8);
    let cells: Vec<u8> = (0..w * h).map(|_| u8::from(rng.unit() < fill)).collect();
    TileMap::from_fn(w, h, Vec2::splat(TILE), Vec2::ZERO, |x, y| {
        cells[(y * w + x) as usize]
    })
    .unwrap()
}

/// The oracle, in `f64` by dense steps: the first fraction of the segment `from → to` (along a
/// grid line) at which it runs between two solid cells or enters one; `None` if it never does.
fn first_solid(map: &TileMap, from: Vec2, to: Vec2) -> Option<f64> {
    const STEPS: u32 = 20_000;
    let wide = |v: Vec2| [f64::from(v.x), f64::from(v.y)];
    let (a, b) = (wide(from), wide(to));
    let solid =
        |x: i64, y: i64| x >= 0 && y >= 0 && map.get(x as u32, y as u32).is_some_and(|c| c != 0);
    (0..=STEPS)
        .map(|i| f64::from(i) / f64::from(STEPS))
        .find(|&t| {
            let [px, py] = [0, 1].map(|i| (a[i] + (b[i] - a[i]) * t) / f64::from(TILE));
            let (x, y) = (px.floor() as i64, py.floor() as i64);
            // On a line (not at a corner of cells), the two cells beside it; within a cell, the
            // cell.
            match (px == px.floor(), py == py.floor()) {
                (true, false) => solid(x - 1, y) && solid(x, y),
                (false, true) => solid(x, y - 1) && solid(x, y),
                (false, false) => solid(x, y),
                (true, true) => false,
            }
        })
}

/// Points running along random grid lines of random maps: the static ray cast meets the solid
/// region where the oracle does, and neither the pass nor `move_and_slide` carries the point
/// beyond that.
#[test]
fn points_along_grid_lines_never_pass_through_the_solid_region() {
    let mut rng = SplitMix64::new(0x5EA3_0017);
    let (mut met, mut runs) = (0, 0);
    for _ in 0..600 {
        let (w, h) = (6 + rng.index(10) as u32, 6 + rng.index(10) as u32);
        let map = random_map(&mut rng, w, h);
        // A line inside the map, along x or y, and a run along it both ways.
        let vertical = rng.index(2) == 0;
        let (lines, span) = if vertical { (w, h) } else { (h, w) };
        let line = (1 + rng.index(lines as usize - 1)) as f32 * TILE;
        let along = |s: f32| {
            if vertical {
                Vec2::new(line, s)
            } else {
                Vec2::new(s, line)
            }
        };
        // Pixel-aligned ends, past the map's ends too.
        let mut end = || (rng.index(span as usize * 4 + 8) as f32 - 4.0) * TILE / 4.0;
        let (s0, s1) = (end(), end());
        if s0 == s1 {
            continue;
        }
        let (from, to) = (along(s0), along(s1));
        runs += 1;
        let want = first_solid(&map, from, to);
        // The same cells as separate static bodies, laid edge to edge.
        let bodies = bodies_of(&map);
        for (name, ray) in [
            ("map", cast_ray_static(&map, from, to, Layers::ALL)),
            ("bodies", cast_ray_static(&bodies, from, to, Layers::ALL)),
        ] {
            match (want, ray) {
                (None, None) => {}
                (Some(t), Some(hit)) => {
                    met += 1;
                    let error = (f64::from(hit.impact.t) - t).abs();
                    assert!(error < 1e-3, "{name} {from:?} {to:?}: {hit:?}, oracle {t}");
                }
                _ => panic!("{name} {from:?} → {to:?} on {w}×{h}: {ray:?}, oracle {want:?}"),
            }
        }
        let Some(t) = want else { continue };
        let limit = f64::from(s0) + (f64::from(s1) - f64::from(s0)) * t;
        let past = |p: Vec2| {
            let s = f64::from(if vertical { p.y } else { p.x });
            (s - limit) * (f64::from(s1) - f64::from(s0)).signum() > 1e-3
        };
        if t > 0.0 {
            let (end, _) = pass_end(Body::new(POINT, from, to), &map);
            assert!(
                !past(end),
                "pass {from:?} → {to:?}: ended {end:?}, solid from {limit}"
            );
            let (end, _) = pass_end(Body::new(POINT, from, to), &bodies);
            assert!(
                !past(end),
                "bodies {from:?} → {to:?}: ended {end:?}, solid from {limit}"
            );
            let settings = SlideSettings::new(Vec2::Y);
            let slid = move_and_slide(POINT, Rot::IDENTITY, from, to - from, &bodies, &settings);
            assert!(
                !past(slid.position),
                "slide, bodies {from:?} → {to:?}: {slid:?}, {limit}"
            );
            let settings = SlideSettings::new(Vec2::Y);
            let slid = move_and_slide(POINT, Rot::IDENTITY, from, to - from, &map, &settings);
            assert!(
                !past(slid.position),
                "slide {from:?} → {to:?}: ended {slid:?}, solid from {limit}"
            );
        }
    }
    assert!(
        runs > 500 && met > 200,
        "{met} of {runs} runs met the solid region"
    );
}

/// A point starting on the seam between two solid tiles starts inside the solid region: met at
/// once, heading out across the seam, by the map's sweep and the pass as by its own segment
/// cast (the sweep and the pass let it cross the whole upper tile).
#[test]
fn a_point_starting_on_a_seam_is_met_at_once() {
    let column = TileMap::from_rows(&["#", "#"], Vec2::splat(TILE), Vec2::ZERO).unwrap();
    let (from, to) = (Vec2::new(8.0, 16.0), Vec2::new(8.0, 40.0));
    let own = column.cast_segment(from, to).expect("it starts inside");
    let swept = column.time_of_impact(POINT, &Motion::linear(from, to));
    assert_eq!(swept, Some(own));
    assert_eq!((own.impact.t, own.impact.normal), (0.0, Vec2::Y));
    let (end, _) = pass_end(Body::new(POINT, from, to), &column);
    assert_eq!(end, from);
}

/// A bullet skimming a long floor of separate tile bodies into a wall standing on it: the
/// floor holds more bodies along the path than one look keeps, so the look is split (it used
/// to give up, and the bullet passed under the wall).
#[test]
fn a_point_skimming_a_long_floor_of_bodies_meets_the_wall_on_it() {
    let mut bodies = StaticBodies::new();
    let half = Rect {
        half_extents: Vec2::splat(TILE / 2.0),
    };
    for x in 0..120 {
        let floor = Vec2::new(TILE * x as f32 + 8.0, -8.0);
        bodies
            .add(half, Pose::from_position(floor), Layers::ALL)
            .unwrap();
    }
    for y in [8.0, 24.0] {
        let wall = Vec2::new(1608.0, y);
        bodies
            .add(half, Pose::from_position(wall), Layers::ALL)
            .unwrap();
    }
    bodies.refresh();
    let (from, to) = (Vec2::new(4.0, 0.0), Vec2::new(1900.0, 0.0));
    let ray = cast_ray_static(&bodies, from, to, Layers::ALL).expect("the wall");
    assert_eq!(
        (ray.impact.point, ray.impact.normal),
        (Vec2::new(1600.0, 0.0), Vec2::X)
    );
    let (end, normals) = pass_end(Body::new(POINT, from, to), &bodies);
    assert!(end.x < 1600.0 && end.x > 1599.9, "{end:?}");
    assert_eq!(normals, [Vec2::X]);
}

/// Whether `p` (in the unit cell) lies strictly inside `shape`'s solid part.
fn inside_shape(shape: TileShape, p: (f64, f64)) -> bool {
    let Some(outline) = shape.outline() else {
        return false;
    };
    let n = outline.len();
    (0..n).all(|i| {
        let (a, b) = (outline[i], outline[(i + 1) % n]);
        let (ax, ay, bx, by) = (a.x as f64, a.y as f64, b.x as f64, b.y as f64);
        (bx - ax) * (p.1 - ay) - (by - ay) * (p.0 - ax) > 0.0
    })
}

/// A point cast along the line where two shaped cells meet (a half tile standing on a solid
/// tile, a half tile beside one) meets the wall they make where both cover the line. Every
/// pair of shapes, stacked and side by side, cast both ways along their shared line; the
/// oracle samples the line a hair to each side in f64. Casts along such lines passed through
/// 222 of 578 pairs.
#[test]
fn a_point_along_the_line_between_two_shaped_cells_meets_them_where_both_cover_it() {
    let shapes: Vec<TileShape> = std::iter::once(TileShape::Solid)
        .chain(TileShape::SHAPED.into_iter().filter(|s| !s.is_one_way()))
        .collect();
    let mut met = 0;
    for &low in &shapes {
        for &high in &shapes {
            for stacked in [true, false] {
                // `low` below (or left of) the line, `high` above (or right of) it; cells 16.
                let map = if stacked {
                    TileMap::from_fn(3, 2, Vec2::splat(TILE), Vec2::ZERO, |x, y| match (x, y) {
                        (0, 0) => low.as_byte(),
                        (0, 1) => high.as_byte(),
                        _ => 0,
                    })
                } else {
                    TileMap::from_fn(2, 3, Vec2::splat(TILE), Vec2::ZERO, |x, y| match (x, y) {
                        (0, 0) => low.as_byte(),
                        (1, 0) => high.as_byte(),
                        _ => 0,
                    })
                }
                .unwrap();
                // Both cells are inside a hair to each side of the line at `s` along it.
                let both = |s: f64| {
                    let f = s / TILE as f64;
                    let d = 1e-4;
                    (0.0..1.0).contains(&f)
                        && if stacked {
                            inside_shape(low, (f, 1.0 - d)) && inside_shape(high, (f, d))
                        } else {
                            inside_shape(low, (1.0 - d, f)) && inside_shape(high, (d, f))
                        }
                };
                for forward in [true, false] {
                    let (a, b) = if forward { (-8.0, 40.0) } else { (40.0, -8.0) };
                    let at = |s: f32| {
                        if stacked {
                            Vec2::new(s, TILE)
                        } else {
                            Vec2::new(TILE, s)
                        }
                    };
                    let hit = cast_ray_static(&map, at(a), at(b), Layers::ALL);
                    let steps = 48 * 256;
                    // The first sample of two in a row inside: a span, not a point where
                    // two slanted sides cross the line together.
                    let sample = |i: i32| a as f64 + (b - a) as f64 * i as f64 / steps as f64;
                    let first = (0..steps)
                        .find(|&i| both(sample(i)) && both(sample(i + 1)))
                        .map(sample);
                    let case = format!(
                        "{low:?} under/left of {high:?}, stacked {stacked}, forward {forward}"
                    );
                    match (first, hit) {
                        (None, None) => {}
                        (Some(s), Some(h)) => {
                            let along = if stacked {
                                h.impact.point.x
                            } else {
                                h.impact.point.y
                            };
                            assert!((along as f64 - s).abs() < 0.01, "{case}: {h:?}, oracle {s}");
                            met += 1;
                        }
                        (first, hit) => panic!("{case}: {hit:?}, oracle {first:?}"),
                    }
                }
            }
        }
    }
    assert!(met > 200, "{met}");
}

/// The tester's case: a half tile standing on a solid tile makes a wall 24 tall; a bullet
/// along the line between them, in the pass and in every cast, stops at the wall.
#[test]
fn a_bullet_along_a_half_tile_on_a_solid_tile_stops_at_their_wall() {
    let map = TileMap::from_rows(&["...", "_..", "#.."], Vec2::splat(TILE), Vec2::ZERO).unwrap();
    let (from, to) = (Vec2::new(40.0, 16.0), Vec2::new(-8.0, 16.0));
    let own = map.cast_segment(from, to).expect("the wall");
    assert_eq!(
        (own.impact.point, own.impact.normal),
        (Vec2::new(16.0, 16.0), Vec2::NEG_X)
    );
    assert_eq!(cast_ray_static(&map, from, to, Layers::ALL), Some(own));
    let cast = cast_shape_static(&map, POINT, &Motion::linear(from, to), Layers::ALL);
    assert_eq!(cast, Some(own));
    let (end, normals) = pass_end(Body::new(POINT, from, to), &map);
    assert!(end.x > 16.0 && end.x < 16.1, "{end:?}");
    assert_eq!(normals, [Vec2::NEG_X]);
}
