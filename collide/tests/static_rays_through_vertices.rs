//! `cast_ray_static` over a `TileMap` answers as `TileMap::cast_segment` on rays aimed
//! exactly through grid vertices, every tile shape, both checked against an `f64` oracle. A
//! tester found them apart on rays through a shaped cell's corner (the static cast dropped the
//! hit where the corner's other face was covered) and on rays starting on a one-way top's
//! corner (the cast's tie named the cell's side, which the one-way rule refuses).

use collide::{cast_ray_static, TileMap, TileShape};
use collide_core::Layers;
use collide_testkit::SplitMix64;
use glam::Vec2;

/// The tester's first case: a ray down past the top corner of a ceiling slope `Q` (its side
/// against a half tile `[`, its top the map's) enters the slope there, at `t = 0.25`; the
/// static cast dropped that hit (the slab tie named the covered side) and met the solid tile
/// below it at `t = 0.5`, through the slope.
#[test]
fn a_ray_into_a_slope_through_its_corner_meets_it() {
    let rows = ["]Q[=", "Q#\\\\", "]_..", "#_=="];
    let map = TileMap::from_rows(&rows, Vec2::splat(4.0), Vec2::new(-8.0, 5.0)).unwrap();
    let (from, to) = (Vec2::new(1.0, 25.0), Vec2::new(-3.0, 9.0));
    // Past the corner (0, 21), at t = 0.3, it is inside the slope: x + y = 17 is its face.
    let inside = from + (to - from) * 0.3;
    assert!(inside.x + inside.y > 17.0 && inside.x > -4.0 && inside.y < 21.0);
    let slope = map.cell_index(1, 3);
    let hit = cast_ray_static(&map, from, to, Layers::ALL).expect("the slope");
    let own = map.cast_segment(from, to).expect("the slope");
    assert_eq!((hit.id, hit.impact.t), (slope, 0.25));
    assert_eq!((own.id, own.impact.t), (slope, 0.25));
    // Through the open top, not the side the half tile covers.
    assert_eq!(hit.impact.normal, Vec2::NEG_Y);
    assert_eq!(own.impact.normal, Vec2::NEG_Y);
}

/// The tester's second case: a ray starting on the corner of a one-way top and going down
/// into it lands there at once, as `cast_segment` says; the static cast's tie named the
/// platform's side, which the one-way rule refuses, and it met a tile further on.
#[test]
fn a_ray_from_a_one_way_tops_corner_down_lands_at_once() {
    let rows = ["=#[Q", "_\\]#", ".#.\\", "[=a."];
    let map = TileMap::from_rows(&rows, Vec2::splat(0.5), Vec2::ZERO).unwrap();
    let (from, to) = (Vec2::new(0.0, 2.0), Vec2::new(0.625, 1.5));
    let platform = map.cell_index(0, 3);
    assert_eq!(map.shape(0, 3), Some(TileShape::OneWayTop));
    let hit = cast_ray_static(&map, from, to, Layers::ALL).expect("the platform");
    let own = map.cast_segment(from, to).expect("the platform");
    assert_eq!(
        (hit.id, hit.impact.t, hit.impact.normal),
        (platform, 0.0, Vec2::NEG_Y)
    );
    assert_eq!((own.id, own.impact.t), (platform, 0.0));
}

/// Every character of the legend, empty twice as often as any shape.
const LEGEND: &[u8] = b"..#T_[]/\\QPabcdefgh=";

/// The cell sizes the maps take: exact in `f32`, with exact quarters.
const SIZES: [f32; 10] = [0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 16.0];

/// A random 4 × 4 map of every shape, its cells `size` across, near the origin.
fn random_map(rng: &mut SplitMix64, size: f32) -> TileMap {
    let rows: Vec<String> = (0..4)
        .map(|_| {
            (0..4)
                .map(|_| char::from(LEGEND[rng.index(LEGEND.len())]))
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let origin = Vec2::new(
        rng.index(33) as f32 * 0.5 - 8.0,
        rng.index(33) as f32 * 0.5 - 8.0,
    );
    TileMap::from_rows(&rows, Vec2::splat(size), origin).unwrap()
}

/// A ray through a vertex of the map's grid or half grid (where the slopes' corners lie),
/// along a direction of small whole quarters of a cell: starting on the vertex, ending on
/// it, or passing through it. Every coordinate is exact in `f32`.
fn ray_through_a_vertex(rng: &mut SplitMix64, map: &TileMap) -> (Vec2, Vec2) {
    let size = map.cell_size();
    let half = |rng: &mut SplitMix64| rng.index(9) as f32 * 0.5;
    let vertex = map.origin() + Vec2::new(half(rng), half(rng)) * size;
    let d = loop {
        let d = Vec2::new(rng.index(9) as f32 - 4.0, rng.index(9) as f32 - 4.0);
        if d != Vec2::ZERO {
            break d * size * 0.25;
        }
    };
    let (before, after) = match rng.index(4) {
        0 => (0, 1 + rng.index(8)),
        1 => (1 + rng.index(8), 0),
        _ => (1 + rng.index(8), 1 + rng.index(8)),
    };
    (vertex - d * before as f32, vertex + d * after as f32)
}

/// A point or vector in `f64`, exactly.
fn wide(v: Vec2) -> [f64; 2] {
    [f64::from(v.x), f64::from(v.y)]
}

/// Where the segment `from + d · t` (`t` in `[0, 1]`) is strictly inside the convex polygon
/// `outline` (counter-clockwise), by Cyrus–Beck in `f64`: `(enter, leave)`, `enter` clamped
/// to `0`, or `None` where it never is.
fn inside_span(outline: &[[f64; 2]], from: [f64; 2], d: [f64; 2]) -> Option<(f64, f64)> {
    let (mut enter, mut leave) = (0.0_f64, 1.0_f64);
    for (i, v) in outline.iter().enumerate() {
        let w = outline[(i + 1) % outline.len()];
        let n = [w[1] - v[1], v[0] - w[0]]; // outward
        let outside = n[0] * (from[0] - v[0]) + n[1] * (from[1] - v[1]);
        let rate = n[0] * d[0] + n[1] * d[1];
        if rate == 0.0 {
            if outside >= 0.0 {
                return None;
            }
            continue;
        }
        let t = -outside / rate;
        if rate < 0.0 {
            enter = enter.max(t);
        } else {
            leave = leave.min(t);
        }
    }
    (enter < leave).then_some((enter, leave))
}

/// What the oracle says of a ray: the fraction at which it first enters a cell that stops it,
/// `None` for no hit, or `Err(())` where the answer rests on a tie the rules leave open.
type Oracle = Result<Option<f64>, ()>;

/// The first cell `from → to` enters, exactly: each cell's own shape; a one-way cell only
/// through its top from above (or from a start on its top, going down). Ambiguous: a ray
/// running along a grid line (the seam rule, tested on its own), an entry through a one-way
/// top's very end, a crossing shorter than `band` (of the segment) or an entry within `band`
/// of its end, where rounding may tell a touch from a crossing either way.
fn oracle(map: &TileMap, from: Vec2, to: Vec2, band: f64) -> Oracle {
    let (f, d) = (wide(from), wide(to - from));
    let size = wide(map.cell_size());
    let mut first: Option<f64> = None;
    for y in 0..map.height() {
        for x in 0..map.width() {
            let lo = wide(map.cell_min(x, y));
            if d[0] == 0.0 && (f[0] == lo[0] || f[0] == lo[0] + size[0])
                || d[1] == 0.0 && (f[1] == lo[1] || f[1] == lo[1] + size[1])
            {
                return Err(()); // along a grid line
            }
            let Some(shape) = map.shape(x, y) else {
                continue;
            };
            let Some(outline) = shape.outline() else {
                continue;
            };
            let outline: Vec<[f64; 2]> = outline
                .iter()
                .map(|v| {
                    let v = wide(*v);
                    [lo[0] + v[0] * size[0], lo[1] + v[1] * size[1]]
                })
                .collect();
            let Some((enter, leave)) = inside_span(&outline, f, d) else {
                continue;
            };
            if leave - enter < band || enter > 1.0 - band {
                return Err(());
            }
            if shape == TileShape::OneWayTop {
                let top = lo[1] + size[1];
                let at = [f[0] + d[0] * enter, f[1] + d[1] * enter];
                let near = |a: f64, b: f64| (a - b).abs() <= band * (1.0 + b.abs());
                if !near(at[1], top) || d[1] >= 0.0 {
                    continue; // through a side or from below: it passes
                }
                // From its top, only where the cell above leaves that top exposed (the rule
                // the map states, read from it): else the ray comes out of the cell above.
                if enter == 0.0 && map.face_normal(x, y, Vec2::NEG_Y).is_none() {
                    continue;
                }
                let on_end = near(at[0], lo[0]) || near(at[0], lo[0] + size[0]);
                if on_end && enter > 0.0 {
                    return Err(()); // through the top's very end
                }
            }
            first = Some(first.map_or(enter, |t| t.min(enter)));
        }
    }
    Ok(first)
}

/// How one ray's answers stand: `(the two casts differ, the static cast is not the oracle's,
/// the map's cast is not the oracle's)`, each on hit or miss, or on `t` beyond rounding;
/// `None` where the oracle finds the answer ambiguous (see [`oracle`] for `band`).
fn judge(map: &TileMap, from: Vec2, to: Vec2, band: f64) -> Option<(bool, bool, bool)> {
    let truth = oracle(map, from, to, band).ok()?;
    let by_static = cast_ray_static(map, from, to, Layers::ALL).map(|h| f64::from(h.impact.t));
    let by_map = map.cast_segment(from, to).map(|h| f64::from(h.impact.t));
    let differ = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() > 1e-5,
        (a, b) => a.is_some() != b.is_some(),
    };
    Some((
        differ(by_static, by_map),
        differ(by_static, truth),
        differ(by_map, truth),
    ))
}

/// Rays through vertices of `maps` random maps of cells `sizes` across, `rays` a map, from
/// `seed`: how many the oracle judged (within `band`), and how many of those each way differ
/// (as [`judge`] says), with the first of each kind for the message.
fn compare(
    seed: u64,
    (sizes, band): (&[f32], f64),
    maps: usize,
    rays: usize,
) -> (usize, [usize; 3], Vec<String>) {
    let mut rng = SplitMix64::new(seed);
    let (mut judged, mut counts, mut first) = (0, [0; 3], vec![String::new(); 3]);
    for _ in 0..maps {
        let size = sizes[rng.index(sizes.len())];
        let map = random_map(&mut rng, size);
        for _ in 0..rays {
            let (from, to) = ray_through_a_vertex(&mut rng, &map);
            let Some(verdict) = judge(&map, from, to, band) else {
                continue;
            };
            judged += 1;
            for (k, bad) in [verdict.0, verdict.1, verdict.2].into_iter().enumerate() {
                if bad {
                    counts[k] += 1;
                    if first[k].is_empty() {
                        first[k] = format!("{map:?} {from} -> {to}");
                    }
                }
            }
        }
    }
    (judged, counts, first)
}

#[test]
fn the_static_cast_and_the_maps_agree_with_the_oracle_through_vertices() {
    let (judged, counts, first) = compare(0xC0_4E45, (&SIZES, 1e-9), 100, 40);
    assert!(judged > 2_000, "only {judged} rays judged");
    assert_eq!(counts, [0; 3], "{first:?}");
}

/// The larger run the defect's counts come from: `cargo test --release -p collide2d --test
/// static_rays_through_vertices -- --ignored --nocapture`.
#[test]
#[ignore = "a larger run, for the counts"]
fn the_larger_run() {
    // Tenths are not exact in `f32`: the rays pass within rounding of the vertices, which
    // the oracle leaves to rounding.
    for (sizes, band) in [(&SIZES[..], 1e-9), (&[0.1, 0.3, 0.7], 1e-5)] {
        let (judged, counts, first) = compare(0x5EED_0001, (sizes, band), 5_000, 40);
        println!("{sizes:?}: judged {judged}; static vs map, vs oracle, map vs oracle {counts:?}");
        for f in first.iter().filter(|f| !f.is_empty()) {
            println!("  {f}");
        }
    }
}

/// On cells a tenth across, a ray starting on the grid line under a slope `\` and going down
/// away from it: the slope's hull, placed at its rounded centre, reaches a rounding step
/// below the line, and the static cast met it at `t = 0`; the map's walk, on the grid lines,
/// never enters that cell and meets the slope below it.
#[test]
fn a_ray_leaving_a_cell_from_its_edge_never_enters_it_on_a_fine_grid() {
    let rows = ["\\a#h", "b]h#", "[/cd", ".baT"];
    let map = TileMap::from_rows(&rows, Vec2::splat(0.1), Vec2::new(-4.5, 7.5)).unwrap();
    let (from, to) = (Vec2::new(-4.45, 7.8), Vec2::new(-3.7499998, 7.625));
    assert_eq!(from.y, map.cell_min(0, 3).y);
    let hit = cast_ray_static(&map, from, to, Layers::ALL).expect("the slope below");
    let own = map.cast_segment(from, to).expect("the slope below");
    assert_eq!(own.id, map.cell_index(0, 2));
    assert_eq!(hit.id, own.id);
    assert!(
        (hit.impact.t - own.impact.t).abs() < 1e-6,
        "{hit:?} {own:?}"
    );
}
