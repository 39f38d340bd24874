//! Regression tests for defects an independent check against f64 oracles found in the front
//! door's static hitscan and the collision pass: each failed before its fix.

use collide::{
    cast_ray_static, cast_ray_static_all, Body, CollisionPass, Obstacle, Reaction, Response,
    TileMap, WorldHit,
};
use collide_core::{cast_ray, Circle, Hull, Layers, Pose, Rect, Rot, Shape};
use collide_testkit::SplitMix64;
use glam::Vec2;

/// A ray that `cast_ray` and `Hitscan` see enter a small circle 8.9 million units out:
/// the box around the ray, rebuilt from its corners, rounded smaller than the ray and left
/// the circle out.
#[test]
fn static_rays_find_what_cast_ray_finds_far_from_the_origin() {
    let circle = Circle { radius: 0.42765 };
    let pose = Pose::from_position(Vec2::new(-8_910_213.0, -1_546_105.1));
    let (from, to) = (
        Vec2::new(-8_910_214.0, -1_546_108.6),
        Vec2::new(-8_910_213.0, -1_546_104.1),
    );
    let exact = cast_ray(circle, &pose, from, to).expect("the ray enters the circle");
    let obstacles = [Obstacle::new(7, circle, pose)];
    let hit = cast_ray_static(&obstacles[..], from, to, Layers::ALL);
    assert_eq!(hit.map(|h| (h.id, h.impact.t)), Some((7, exact.t)));
    let mut all = Vec::new();
    cast_ray_static_all(&obstacles[..], from, to, Layers::ALL, &mut all);
    assert_eq!(
        all.iter().map(|h| h.impact.t).collect::<Vec<_>>(),
        [exact.t]
    );
}

/// A random circle, rect or hull, 0.01 to 10 units across, turned one time in two.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn random_obstacle(rng: &mut SplitMix64, id: u32, at: Vec2) -> (Shape, Pose, u32) {
    let size = 10f32.powf(rng.range(-2.0, 1.0));
    let shape = match rng.index(3) {
        0 => Shape::Circle(Circle { radius: size }),
        1 => Shape::Rect(Rect {
            half_extents: Vec2::new(size, size * rng.range(0.1, 1.5)),
        }),
        _ => Hull::regular(3 + rng.index(8), size).unwrap().into(),
    };
    let rot = if rng.index(2) == 0 {
        Rot::from_angle(rng.angle())
    } else {
        Rot::IDENTITY
    };
    (shape, Pose::new(at, rot), id)
}

/// The first hit of a loop of `cast_ray` over every obstacle (ties to the smaller id), and
/// every hit, nearest first.
fn brute_force(obstacles: &[Obstacle<'_>], from: Vec2, to: Vec2) -> Vec<WorldHit> {
    let mut hits: Vec<WorldHit> = obstacles
        .iter()
        .filter_map(|o| {
            let h = cast_ray(o.shape, &o.pose, from, to)?;
            Some(WorldHit {
                id: o.id,
                impact: h,
            })
        })
        .collect();
    hits.sort_by(|a, b| a.impact.t.total_cmp(&b.impact.t).then(a.id.cmp(&b.id)));
    hits
}

/// `cast_ray_static` and `cast_ray_static_all` over a slice of obstacles give exactly what a
/// loop of `cast_ray` over every obstacle gives, near the origin and up to 1e7 from it,
/// where an ulp is a unit: small shapes, short rays, and rays that end on or near them.
#[test]
fn static_rays_over_a_slice_match_cast_ray_on_every_obstacle() {
    let mut rng = SplitMix64::new(0x5A7);
    let (mut cases, mut hits) = (0, 0);
    for scale in [1.0, 1e3, 1e5, 1e6, 4e6, 1e7] {
        for _ in 0..1500 {
            let centre = rng.direction() * scale * rng.range(0.5, 1.0);
            let spread = rng.range(1.0, 30.0);
            let shapes: Vec<(Shape, Pose, u32)> = (0..1 + rng.index(6))
                .map(|i| {
                    let at = centre + rng.direction() * spread * rng.unit();
                    random_obstacle(&mut rng, i as u32, at)
                })
                .collect();
            let obstacles: Vec<Obstacle<'_>> = shapes
                .iter()
                .map(|(s, p, id)| Obstacle::new(*id, s, *p))
                .collect();
            let from = centre + rng.direction() * spread * rng.range(0.5, 2.0);
            let target = obstacles[rng.index(obstacles.len())].pose.position;
            let to = from + (target - from) * rng.range(0.3, 2.0);
            let want = brute_force(&obstacles, from, to);
            let got = cast_ray_static(&obstacles[..], from, to, Layers::ALL);
            assert_eq!(
                got,
                want.first().copied(),
                "{from} → {to} over {obstacles:?}"
            );
            let mut all = Vec::new();
            cast_ray_static_all(&obstacles[..], from, to, Layers::ALL, &mut all);
            assert_eq!(all, want, "{from} → {to} over {obstacles:?}");
            cases += 1;
            hits += usize::from(got.is_some());
        }
    }
    assert!(hits > cases / 3, "only {hits} of {cases} rays hit");
}

/// A body whose shape every query treats as "no hit" (a rect with a negative extent, built
/// as a struct literal) is skipped and counted, as a body with non-finite positions is,
/// rather than fall through everything without a word.
#[test]
fn the_pass_counts_bodies_with_invalid_shapes_as_skipped() {
    let bad = Rect {
        half_extents: Vec2::new(-2.0, 3.0),
    };
    let good = Circle { radius: 1.0 };
    let bodies = [
        Body::new(bad, Vec2::new(8.0, 40.0), Vec2::new(8.0, -40.0)),
        Body::new(Circle { radius: -1.0 }, Vec2::ZERO, Vec2::X),
        Body::new(Circle { radius: f32::NAN }, Vec2::ZERO, Vec2::X),
        Body::new(good, Vec2::new(8.0, 40.0), Vec2::new(8.0, -40.0)),
    ];
    let floor = TileMap::from_rows(&["#"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let mut pass = CollisionPass::default();
    let stats = pass.run(&bodies, &floor, |_| Response::CARRY).unwrap();
    assert_eq!((stats.skipped, stats.proxies), (3, 1), "{stats:?}");
    assert!(pass.hits().iter().all(|h| h.a == 3), "{:?}", pass.hits());
    assert_eq!(pass.hits().len(), 1);
}

/// A body ending near the top of the `f32` range bounces off a wall: its speed into the
/// wall, doubled, overflows, and the turn's velocity was (-inf, NaN).
#[test]
fn turns_stay_finite_near_the_top_of_the_f32_range() {
    let wall = Rect {
        half_extents: Vec2::new(5.0, 1000.0),
    };
    let movers: [Shape; 2] = [
        Circle { radius: 1.0 }.into(),
        Rect::new(Vec2::ONE).unwrap().into(),
    ];
    for mover in &movers {
        for end in [Vec2::new(3e38, -3e38), Vec2::new(3e38, 0.0)] {
            let bodies = [
                Body::new(mover, Vec2::ZERO, end),
                Body::stationary(wall, Vec2::new(20.0, 0.0)),
            ];
            for reaction in [
                Reaction::Bounce { restitution: 1.0 },
                Reaction::Velocity(Vec2::new(f32::INFINITY, 0.0)),
                Reaction::Velocity(Vec2::NAN),
                Reaction::Velocity(Vec2::new(-3e38, 0.0)),
            ] {
                let mut pass = CollisionPass::default();
                pass.run(&bodies, &(), |_| Response::a(reaction)).unwrap();
                let turn = pass.turns().first().copied();
                let turn = turn.unwrap_or_else(|| panic!("{reaction:?}: {:?}", pass.hits()));
                let finite = turn.position.is_finite() && turn.velocity.is_finite();
                assert!(finite && turn.end().is_finite(), "{reaction:?}: {turn:?}");
            }
        }
    }
}
