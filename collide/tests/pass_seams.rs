//! The collision pass at the seam between two blocks laid edge to edge: a face reached within
//! rounding of a corner is the face, the same for static bodies as for a tile map's cells.

use collide::{
    Body, CollisionPass, Layers, Obstacles, PassHit, Reaction, Response, StaticBodies, TileMap,
};
use collide_core::{Circle, Hull, Pose, Rect, Shape, ShapeRef};
use collide_testkit::proptest_config as config;
use glam::Vec2;
use proptest::prelude::*;

/// A column of `cells` square blocks `size` across, the lowest with its bottom-left corner
/// at `origin`: as static bodies and as a tile map.
fn column(cells: u32, size: f32, origin: Vec2) -> (StaticBodies, TileMap) {
    let block = Rect {
        half_extents: Vec2::splat(size / 2.0),
    };
    let mut bodies = StaticBodies::new();
    for i in 0..cells {
        let at = origin + Vec2::new(0.5, i as f32 + 0.5) * size;
        bodies
            .add(block, Pose::from_position(at), Layers::ALL)
            .unwrap();
    }
    bodies.refresh();
    let map = TileMap::from_fn(1, cells, Vec2::splat(size), origin, |_, _| 1).unwrap();
    (bodies, map)
}

/// The hits the pass hands over for `shape` moving from `from` to `to`, bouncing off each.
fn bounces(shape: ShapeRef<'_>, from: Vec2, to: Vec2, world: &dyn Obstacles) -> Vec<PassHit> {
    let mut pass = CollisionPass::default();
    let mut hits = Vec::new();
    let bodies = [Body::new(shape, from, to)];
    pass.run(&bodies, &world, |h| {
        hits.push(*h);
        Response::a(Reaction::Bounce { restitution: 1.0 })
    })
    .unwrap();
    hits
}

/// A ball of radius 4 at 4 000 units a frame along y = 176.02, just above the seam at
/// y = 176 between two 16 × 16 blocks: it reaches the upper block's face and the lower one's
/// corner within rounding of each other, and the corner came first in the hit order, its
/// normal (0.99999, −0.005) bouncing the ball off the seam. It bounces off the face, as it
/// does off the same two cells of a tile map.
#[test]
fn a_fast_ball_at_the_seam_of_two_static_blocks_bounces_off_the_face() {
    let (bodies, map) = column(2, 16.0, Vec2::new(320.0, 160.0));
    let ball = Circle { radius: 4.0 };
    let (from, to) = (Vec2::new(-3_000.0, 176.02), Vec2::new(1_000.0, 176.02));
    for (name, hits) in [
        ("bodies", bounces(ball.into(), from, to, &bodies)),
        ("map", bounces(ball.into(), from, to, &map)),
    ] {
        assert_eq!(hits.len(), 1, "{name}: {hits:?}");
        assert_eq!(hits[0].impact.normal, Vec2::X, "{name}: {hits:?}");
    }
}

/// A ball, a box or a hexagon with a vertex leading, about `size` across.
fn mover(size: f32) -> impl Strategy<Value = Shape> {
    (0usize..3, 0.1f32..0.45).prop_map(move |(kind, r)| match kind {
        0 => Circle { radius: r * size }.into(),
        1 => Rect {
            half_extents: Vec2::splat(r * size),
        }
        .into(),
        _ => Hull::regular(6, r * size).unwrap().into(),
    })
}

proptest! {
    #![proptest_config(config(1_500, 0x5ea5))]

    /// Movers of every kind at 1 to 4 000 units a frame, aimed at a seam of a column of
    /// blocks (exactly, or within a few ulps or thousandths of a block), near and far from
    /// the origin: the pass hands over the same hits with the same normals over static
    /// bodies as over the same cells of a tile map (to within the rounding of a unit
    /// vector), and for a ball or a box every normal is the face's.
    #[test]
    fn a_seam_of_static_blocks_is_met_as_on_a_tile_map(
        (size, shape) in (1.0f32..64.0).prop_flat_map(|s| (Just(s), mover(s))),
        far in prop::sample::select(vec![0.0f32, 100.0, 1e4]),
        seam in 1u32..4,
        off in prop_oneof![Just(0.0f32), -1e-5f32..1e-5, -1e-2f32..1e-2],
        speed in prop::sample::select(vec![1.0f32, 40.0, 400.0, 4_000.0]),
        (before, slant) in (0.0f32..1.0, -0.02f32..0.02),
    ) {
        let origin = Vec2::new(far, -far);
        let (bodies, map) = column(4, size, origin);
        let aim = origin + Vec2::new(0.0, (seam as f32 + off) * size);
        // The mover's leading point meets the blocks' face at `aim`, `before` of the way along.
        let lead = match &shape {
            Shape::Hull(h) => h.vertices().iter().map(|v| -v.x).fold(0.0, f32::max),
            s => s.as_shape_ref().aabb(&Pose::IDENTITY).half_extents.x,
        };
        let way = Vec2::new(1.0, slant).normalize();
        let meet = aim - Vec2::X * lead;
        let (from, to) = (meet - way * speed * before, meet + way * speed * (1.0 - before));
        let shape = shape.as_shape_ref();
        let on_bodies = bounces(shape, from, to, &bodies);
        let on_map = bounces(shape, from, to, &map);
        // The same normals, to within the rounding of a unit vector's length.
        let same = |a: Vec2, b: Vec2| a.distance(b) < 1e-6;
        prop_assert_eq!(on_bodies.len(), on_map.len(), "{:?} {} {}", shape, from, to);
        for (b, m) in on_bodies.iter().zip(&on_map) {
            let (b, m) = (b.impact.normal, m.impact.normal);
            prop_assert!(same(b, m), "{:?} {} {}: {} against {}", shape, from, to, b, m);
            if !matches!(shape, ShapeRef::Hull(_)) {
                prop_assert!(same(b, Vec2::X), "{:?} {} {}: {}", shape, from, to, b);
            }
        }
    }
}
