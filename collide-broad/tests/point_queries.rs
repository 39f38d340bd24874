//! Seeded properties of the small queries a game asks every frame (what is under the mouse
//! pointer, what a point's tiny box touches), for every broad phase against [`BruteForce`]:
//!
//! - [`BroadPhase::query_point`] and [`BroadPhase::query_aabb`] on a box a few ulps wide give
//!   the brute-force loop's ids, for points anywhere, on the grid's cell borders, and on the
//!   boxes' own edges and corners (a point on an edge is not inside: overlaps are strict);
//! - boxes and points at huge coordinates (where cells are clamped) answer alike;
//! - a non-finite point, or a box with a non-finite coordinate, finds nothing and never
//!   panics.

use collide_broad::{AnyBroadPhase, BroadPhase, BroadPhaseKind, BruteForce, Grid, Proxy};
use collide_core::{Aabb, Layers};
use collide_testkit::proptest_config as config;
use glam::Vec2;
use proptest::prelude::*;

/// The grid's cell size in these scenes: box corners and points on multiples of a quarter of
/// it land exactly on cell borders.
const CELL: f32 = 4.0;

/// Every broad phase under test: each kind with its defaults, and grids with a fixed cell
/// size (whose borders the points below hit exactly) and with tiny cells (most boxes on
/// higher levels or in the side list).
fn broad_phases() -> Vec<(String, AnyBroadPhase)> {
    let mut all: Vec<(String, AnyBroadPhase)> = BroadPhaseKind::ALL
        .into_iter()
        .map(|k| (k.name().to_string(), k.build()))
        .collect();
    all.push((
        "grid, fixed cells".into(),
        AnyBroadPhase::Grid(Grid::with_cell_size(CELL)),
    ));
    all.push((
        "grid, tiny cells".into(),
        AnyBroadPhase::Grid(Grid::with_cell_size(0.3).with_max_cells_per_proxy(16)),
    ));
    all
}

/// A box as drawn: its centre and half-extents in quarter cells.
type RawBox = ((i32, i32), (u8, u8));

/// Boxes from `(centre, half-extents)` in quarter cells, scaled by `scale` and moved by
/// `offset`, with ids in the order given.
fn boxes(raw: &[RawBox], scale: f32, offset: Vec2) -> Vec<Proxy> {
    raw.iter()
        .enumerate()
        .map(|(i, &((cx, cy), (hx, hy)))| {
            let q = CELL / 4.0 * scale;
            let centre = offset + Vec2::new(cx as f32, cy as f32) * q;
            let half = Vec2::new(f32::from(hx), f32::from(hy)) * q;
            Proxy::new(i as u32 * 7 + 3, Aabb::new(centre, half), Layers::ALL)
        })
        .collect()
}

/// The points to ask about: every corner, edge midpoint and centre of every box, the cell
/// borders around them, and `extra`.
fn probe_points(proxies: &[Proxy], scale: f32, extra: &[Vec2]) -> Vec<Vec2> {
    let mut points = extra.to_vec();
    for p in proxies {
        let (lo, hi, c) = (p.bounds.min(), p.bounds.max(), p.bounds.center);
        for x in [lo.x, c.x, hi.x] {
            for y in [lo.y, c.y, hi.y] {
                points.push(Vec2::new(x, y));
            }
        }
        // The cell borders at or around the box's corner.
        let border = (lo / (CELL * scale)).floor() * (CELL * scale);
        points.extend([
            border,
            border + Vec2::splat(CELL * scale),
            Vec2::new(border.x, c.y),
        ]);
    }
    points
}

/// The ids `broad` answers for `point` (by `query_point`) and for a box a few ulps wide
/// around it (by `query_aabb`), each sorted.
fn answers(broad: &dyn BroadPhase, point: Vec2, out: &mut Vec<u32>) -> (Vec<u32>, Vec<u32>) {
    broad.query_point(point, out);
    let mut at_point = out.clone();
    at_point.sort_unstable();
    let half = Vec2::splat(point.abs().max_element() * 4.0 * f32::EPSILON + 1e-30);
    broad.query_aabb(&Aabb::new(point, half), out);
    let mut in_box = out.clone();
    in_box.sort_unstable();
    (at_point, in_box)
}

/// Every broad phase agrees with brute force on every probe point.
fn check(proxies: &[Proxy], points: &[Vec2]) -> Result<(), TestCaseError> {
    let mut oracle = BruteForce::new();
    oracle.update(proxies);
    let mut out = Vec::new();
    // Not vacuous: a box with area holds its centre, and the oracle says so.
    for p in proxies
        .iter()
        .filter(|p| p.bounds.half_extents.min_element() > 0.0)
    {
        prop_assert!(answers(&oracle, p.bounds.center, &mut out)
            .0
            .contains(&p.id));
    }
    for (name, mut broad) in broad_phases() {
        broad.update(proxies);
        for &p in points {
            let want = answers(&oracle, p, &mut out);
            let got = answers(&broad, p, &mut out);
            prop_assert_eq!(&got, &want, "{}: at {:?}", name, p);
            if !p.is_finite() {
                prop_assert!(got.0.is_empty() && got.1.is_empty(), "{}: at {:?}", name, p);
            }
        }
    }
    Ok(())
}

/// Quarter-cell boxes: centres within ±40 quarter cells, half-extents up to 12 of them
/// (zero-width boxes included, which hold no point strictly inside).
fn raw_boxes(n: usize) -> impl Strategy<Value = Vec<RawBox>> {
    prop::collection::vec(((-40..40i32, -40..40i32), (0..12u8, 0..12u8)), 1..n)
}

/// Points anywhere in the scene, snapped to an eighth of a cell half the time.
fn free_points() -> impl Strategy<Value = Vec<Vec2>> {
    prop::collection::vec(
        (-60.0f32..60.0, -60.0f32..60.0, any::<bool>()).prop_map(|(x, y, snap)| {
            let p = Vec2::new(x, y);
            if snap {
                (p * 8.0 / CELL).round() * CELL / 8.0
            } else {
                p
            }
        }),
        0..16,
    )
}

/// Points no query may answer for, and points far beyond any cell.
const ODD_POINTS: [Vec2; 9] = [
    Vec2::new(f32::NAN, 0.0),
    Vec2::new(0.0, f32::NAN),
    Vec2::new(f32::INFINITY, 1.0),
    Vec2::new(1.0, f32::NEG_INFINITY),
    Vec2::new(f32::MAX, f32::MAX),
    Vec2::new(f32::MIN, 0.0),
    Vec2::new(-1.0e30, 1.0e30),
    Vec2::new(3.0e7, -3.0e7),
    Vec2::new(1.0e-40, -1.0e-40),
];

proptest! {
    #![proptest_config(config(256, 0x5017_9E1D))]

    /// Points on box edges, corners and cell borders, and anywhere, near the origin; with a
    /// copy of the scene far away, so that the grid hashes its cells instead of numbering
    /// them densely.
    #[test]
    fn points_near_the_origin_match_brute_force(
        raw in raw_boxes(60),
        extra in free_points(),
        far_copy in any::<bool>(),
    ) {
        let mut proxies = boxes(&raw, 1.0, Vec2::ZERO);
        if far_copy {
            let copy = boxes(&raw, 1.0, Vec2::new(2.0e5, -1.0e5));
            proxies.extend(copy.into_iter().map(|p| Proxy { id: p.id + 1, ..p }));
        }
        let mut points = probe_points(&proxies, 1.0, &extra);
        points.extend(ODD_POINTS);
        check(&proxies, &points)?;
    }

    /// The same scenes scaled up and moved far out, where coordinates step by whole units
    /// and the grid's cell numbers clamp.
    #[test]
    fn points_far_out_match_brute_force(
        raw in raw_boxes(40),
        scale in prop::sample::select(vec![1.0f32, 256.0, 1.0e6]),
        offset in prop::sample::select(vec![
            Vec2::new(1.0e7, -1.0e7),
            Vec2::new(-3.0e9, 5.0e8),
            Vec2::new(1.0e30, 1.0e30),
        ]),
    ) {
        let proxies = boxes(&raw, scale, offset);
        let mut points = probe_points(&proxies, scale, &[offset]);
        points.extend(ODD_POINTS);
        check(&proxies, &points)?;
    }
}

/// A box query with a non-finite coordinate finds nothing in any broad phase.
#[test]
fn non_finite_boxes_find_nothing() {
    let proxies = boxes(&[((0, 0), (4, 4)), ((3, 1), (2, 9))], 1.0, Vec2::ZERO);
    let mut out = vec![99];
    for (name, mut broad) in broad_phases() {
        broad.update(&proxies);
        for area in [
            Aabb::new(Vec2::NAN, Vec2::ONE),
            Aabb::new(Vec2::ZERO, Vec2::new(f32::INFINITY, 1.0)),
            Aabb::new(Vec2::new(0.0, f32::NEG_INFINITY), Vec2::ONE),
            Aabb::new(Vec2::ZERO, Vec2::new(1.0, f32::NAN)),
        ] {
            broad.query_aabb(&area, &mut out);
            assert!(out.is_empty(), "{name}: {area:?} gave {out:?}");
        }
        broad.query_point(Vec2::new(0.5, 0.5), &mut out);
        assert!(!out.is_empty(), "{name}: the point inside both boxes");
    }
}
