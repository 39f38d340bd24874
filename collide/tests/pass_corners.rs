//! Cases a tester's round over the pass at pixel-aligned coordinates found wrong:
//!
//! - a point (a bullet of no size) crossing a tile floor exactly where two tiles meet passed
//!   through it: it enters a tile through its corner, the sweep's two faces tie there and it
//!   named the internal one, which the face rule drops;
//! - a solid tile beside a one-way tile had the corner under the platform flattened, as if
//!   the platform were solid there, and a sliding ball was turned into the tile;
//! - a body that fits its gap exactly, touching both sides, was backed off one side into the
//!   other when it stopped at once;
//! - a point aimed exactly into an inside corner (a wall on a floor) entered the floor tile
//!   through its corner, whose faces are both seams, and went on through the floor.

use collide::{
    cast_ray_static, cast_shape_static, Body, CollisionPass, Layers, Obstacles, PassSettings,
    Reaction, Response, StaticBodies, TileMap,
};
use collide_core::{overlaps, Circle, Hull, Motion, Pose, Rect, Rot, ShapeRef};
use glam::Vec2;

/// Where `body` ends the pass on `statics` when every hit gets `reaction`, and its hits.
fn run(
    body: Body<'_>,
    statics: &(impl collide::Obstacles + ?Sized),
    reaction: Reaction,
    skin: Option<f32>,
) -> (Vec2, Vec<collide_core::Impact>) {
    let mut settings = PassSettings::default();
    if let Some(skin) = skin {
        settings = settings.with_skin(skin);
    }
    let mut pass = CollisionPass::default().with_settings(settings);
    let mut hits = Vec::new();
    pass.run(&[body], statics, |hit| {
        hits.push(hit.impact);
        Response::a(reaction)
    })
    .unwrap();
    (pass.outcomes()[0].position, hits)
}

#[test]
fn a_point_crossing_a_floor_where_two_tiles_meet_meets_the_floor() {
    let point = Circle { radius: 0.0 };
    let floor = TileMap::from_rows(&["###", "###"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let path = Motion::linear(Vec2::new(40.0, 40.0), Vec2::new(24.0, 24.0));
    let hit = floor.time_of_impact(point, &path).expect("the floor");
    assert_eq!((hit.impact.t, hit.impact.normal), (0.5, Vec2::NEG_Y));
    let (end, hits) = run(
        Body::new(point, path.start, path.end),
        &floor,
        Reaction::Stop,
        None,
    );
    assert!(end.y > 32.0, "{end:?}");
    assert_eq!(
        hits.iter().map(|h| h.normal).collect::<Vec<_>>(),
        [Vec2::NEG_Y]
    );
    let ray = cast_ray_static(&floor, path.start, path.end, Layers::ALL).expect("the floor");
    let cast = cast_shape_static(&floor, point, &path, Layers::ALL).expect("the floor");
    assert_eq!(
        (ray.impact.normal, cast.impact.normal),
        (Vec2::NEG_Y, Vec2::NEG_Y)
    );
    // The same on a map with shaped cells: the top's normal, not the seam's.
    let shaped = TileMap::from_rows(
        &["##.g", "#...", ".#.b", "....", ".aP#"],
        Vec2::splat(1000.0),
        Vec2::new(-3000.0, -2000.0),
    )
    .unwrap();
    let (from, to) = (Vec2::new(0.0, 4500.0), Vec2::new(-4000.0, 1500.0));
    let own = shaped.cast_segment(from, to).expect("the block");
    let swept = shaped
        .time_of_impact(point, &Motion::linear(from, to))
        .expect("the block");
    for hit in [own, swept] {
        assert_eq!(
            (hit.impact.t, hit.impact.normal),
            (0.5, Vec2::NEG_Y),
            "{hit:?}"
        );
    }
}

#[test]
fn the_corner_under_a_one_way_platform_is_a_corner() {
    let ball = Circle { radius: 4.0 };
    let block = Rect {
        half_extents: Vec2::splat(8.0),
    };
    let block_at = Pose::from_position(Vec2::new(8.0, 24.0));
    for rows in [["#=", ".."], ["#.", ".."]] {
        let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
        let body = Body::new(ball, Vec2::new(19.0, 10.0), Vec2::new(15.0, 14.0));
        let (end, hits) = run(body, &map, Reaction::Slide, None);
        let inside = overlaps(
            ShapeRef::from(&ball),
            &Pose::from_position(end),
            block,
            &block_at,
        );
        assert!(!inside, "{rows:?}: ended inside the block at {end:?}");
        let corner = Vec2::new(-0.22447875, 0.9744791);
        assert!(hits[0].normal.distance(corner) < 1e-5, "{rows:?}: {hits:?}");
    }
}

#[test]
fn a_body_that_fits_its_gap_exactly_is_not_backed_into_the_far_side() {
    let square = Rect {
        half_extents: Vec2::splat(8.0),
    };
    let map = TileMap::from_rows(&["#", ".", "#"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let mut bodies = StaticBodies::new();
    for y in [8.0, 40.0] {
        bodies
            .add(square, Pose::from_position(Vec2::new(8.0, y)), Layers::ALL)
            .unwrap();
    }
    bodies.refresh();
    let reactions = [
        Reaction::Stop,
        Reaction::Slide,
        Reaction::Bounce { restitution: 0.5 },
    ];
    for reaction in reactions {
        let body = Body::new(square, Vec2::new(8.0, 24.0), Vec2::new(8.0, 30.0));
        for (end, _) in [
            run(body, &map, reaction, None),
            run(body, &bodies, reaction, None),
        ] {
            // Inside the gap (y 16..32): the square's centre at y = 24, give or take rounding.
            assert!((end.y - 24.0).abs() < 1e-4, "{reaction:?}: {end:?}");
        }
    }
    // A turned triangle wedged between a wall's corner and a half tile, with a small skin.
    let map = TileMap::from_rows(
        &["#.#", ".h.", ".#."],
        Vec2::new(16.0, 8.0),
        Vec2::new(-48.0, -16.0),
    )
    .unwrap();
    let triangle = Hull::new(&[
        Vec2::new(-4.0, -4.0),
        Vec2::new(4.0, -4.0),
        Vec2::new(0.0, 4.0),
    ])
    .unwrap();
    let turned = Rot::from_angle(1.570_796_4);
    let body =
        Body::new(&triangle, Vec2::new(-20.0, -4.0), Vec2::new(-100.0, 76.0)).with_rotation(turned);
    let (end, _) = run(body, &map, Reaction::Stop, Some(0.008));
    let at = Pose::new(end, turned);
    let mut inside = Vec::new();
    map.near(
        &ShapeRef::from(&triangle).aabb(&at),
        Layers::ALL,
        &mut |o| {
            if overlaps(ShapeRef::from(&triangle), &at, o.shape, &o.pose) {
                inside.push(o.id);
            }
        },
    );
    assert!(
        inside.is_empty(),
        "ended at {end:?} inside cells {inside:?}"
    );
}

/// The tester's case: a point (a ray, a bullet of no size) aimed exactly into an inside
/// corner, where a wall meets a floor, enters the floor tile through its corner, whose two
/// faces are both seams. It went on through the floor with no hit; it meets the wall, as the
/// map's own segment cast says.
#[test]
fn a_point_into_an_inside_corner_meets_it() {
    let point = Circle { radius: 0.0 };
    let cases = [
        (
            &[".#..", "####"],
            Vec2::new(0.0, 24.0),
            Vec2::new(64.0, -8.0),
        ),
        (
            &[".c..", "####"],
            Vec2::new(0.0, 24.0),
            Vec2::new(64.0, -8.0),
        ),
        (
            &[".d..", "####"],
            Vec2::new(0.0, 24.0),
            Vec2::new(64.0, -8.0),
        ),
        (
            &[".#..", "####"],
            Vec2::new(0.0, 32.0),
            Vec2::new(32.0, 0.0),
        ),
        (
            &["..#.", "####"],
            Vec2::new(64.0, 24.0),
            Vec2::new(0.0, -8.0),
        ),
    ];
    for (rows, from, to) in cases {
        let map = TileMap::from_rows(rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
        meets_as_the_map_says(&map, from, to);
        // Stopped at the corner, above the floor's top (y = 16), not below the map.
        let (end, hits) = run(Body::new(point, from, to), &map, Reaction::Stop, None);
        assert!(
            !hits.is_empty() && end.y > 15.99,
            "{rows:?} {from:?} -> {to:?}: ended at {end:?}"
        );
    }
    // Into the map's edge exactly where two solid rows meet, from outside it: the ray's
    // point there is 8e-7 off the edge by its rounding.
    let mut rows = vec!["..........", "cd#/cd#ab."];
    rows.extend(["##########"; 5]);
    let map = TileMap::from_rows(&rows, Vec2::splat(2.703135), Vec2::ZERO).unwrap();
    meets_as_the_map_says(
        &map,
        Vec2::new(-0.03283012, 8.120625),
        Vec2::new(40.98378, -5.896509),
    );
}

/// A point from `from` to `to` meets `map` when and where its own segment cast says, by
/// every cast.
fn meets_as_the_map_says(map: &TileMap, from: Vec2, to: Vec2) {
    let point = Circle { radius: 0.0 };
    let own = map.cast_segment(from, to).expect("the map's own cast");
    let path = Motion::linear(from, to);
    let ray = cast_ray_static(map, from, to, Layers::ALL);
    let cast = cast_shape_static(map, point, &path, Layers::ALL);
    let swept = map.time_of_impact(point, &path);
    // The walk and the ray meet a whole cell on its grid lines, the sweeps on its `Rect` at
    // its rounded centre: on the last map those differ by a rounding step (8e-7), which
    // moves the fraction by 2e-7.
    let ray = ray.map(|h| h.impact.t);
    for t in [ray, cast.map(|h| h.impact.t), swept.map(|h| h.impact.t)] {
        let t = t.expect("every cast meets it");
        assert!(
            (t - own.impact.t).abs() <= 1e-6,
            "{from:?} -> {to:?}: {t} against {}",
            own.impact.t
        );
    }
}
