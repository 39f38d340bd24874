//! The collision pass on a tile map with shaped cells: a body lands on a slope's own face,
//! and bodies sliding and bouncing across the joints between slopes, floors and half tiles
//! get no hit the face rule would not keep (an internal face's or a flat joint's corner).

use collide::{Body, CollisionPass, PassHit, Reaction, Response, TileMap};
use collide_core::{Circle, Hull, Rect, Shape};
use collide_testkit::SplitMix64;
use glam::Vec2;

/// A floor with a 45° ramp, a half-rise ramp and a row of half tiles, 16 units a cell.
fn level() -> TileMap {
    TileMap::from_rows(
        &[
            "................................",
            "......./#####.......ab##........",
            "....../######......ab####__T#___",
            "################################",
        ],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .unwrap()
}

/// Every hit of one frame of `bodies`, each answered by sliding or bouncing.
fn hits(bodies: &[Body<'_>], map: &TileMap) -> Vec<PassHit> {
    let mut pass = CollisionPass::default();
    let mut handed = Vec::new();
    pass.run(bodies, map, |h| {
        handed.push(*h);
        if h.a % 2 == 0 {
            Response::a(Reaction::Slide)
        } else {
            Response::a(Reaction::Bounce { restitution: 0.5 })
        }
    })
    .unwrap();
    handed
}

#[test]
fn a_ball_falling_onto_a_slope_meets_its_face() {
    let map = level();
    let ball = Circle { radius: 3.0 };
    // Over the middle of the 45° cell (6, 1), whose face runs from (96, 16) to (112, 32).
    let body = Body::new(ball, Vec2::new(104.0, 60.0), Vec2::new(104.0, 0.0));
    let found = hits(&[body], &map);
    let first = found.first().expect("the slope");
    assert_eq!(first.b.obstacle(), Some(map.cell_index(6, 1)));
    let into = Vec2::new(1.0, -1.0).normalize();
    assert!(first.impact.normal.distance(into) < 1e-5, "{first:?}");
    // It touches the face, not the cell's box (whose top is at y = 32).
    assert!(first.impact.point.y < 30.0, "{first:?}");
}

#[test]
fn bodies_across_shaped_joints_in_the_pass_meet_no_internal_face() {
    let map = level();
    let mut rng = SplitMix64::new(0x5A9E5);
    let (mut count, mut ghosts) = (0, 0);
    for _ in 0..300 {
        let shapes: Vec<Shape> = (0..16)
            .map(|i| match i % 3 {
                0 => Circle {
                    radius: rng.range(1.0, 8.0),
                }
                .into(),
                1 => Rect {
                    half_extents: Vec2::new(rng.range(1.0, 8.0), rng.range(1.0, 8.0)),
                }
                .into(),
                _ => Hull::regular(3 + rng.index(6), rng.range(2.0, 8.0))
                    .unwrap()
                    .into(),
            })
            .collect();
        let bodies: Vec<Body<'_>> = shapes
            .iter()
            .map(|s| {
                let from = Vec2::new(rng.range(0.0, 512.0), rng.range(40.0, 64.0));
                let speed = [1.0, 20.0, 500.0][rng.index(3)];
                let to = from
                    + Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, -0.1)).normalize() * speed;
                Body::new(s.as_shape_ref(), from, to)
            })
            .collect();
        for h in hits(&bodies, &map) {
            let Some(id) = h.b.obstacle() else {
                continue;
            };
            count += 1;
            let cell = map.cell_of_index(id);
            if map.face_normal(cell.x, cell.y, h.impact.normal) != Some(h.impact.normal) {
                ghosts += 1;
                eprintln!("{h:?} on {cell:?} ({:?})", map.shape(cell.x, cell.y));
            }
        }
    }
    assert!(count > 1000, "only {count} hits");
    assert_eq!(ghosts, 0, "{ghosts} of {count} hits off the face rule");
}
