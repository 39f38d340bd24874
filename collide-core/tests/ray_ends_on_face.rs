//! A segment that reaches a shape only at its very end touches it there, which is no hit:
//! overlap is strict. The slab test divides by a product with the reciprocal, and a face
//! exactly at the end came out a rounding step before it: a hit at `t = 1`.

use collide_core::{cast_ray, cast_ray_box, Circle, Hull, Pose, Rect, Rot};
use collide_testkit::SplitMix64;
use glam::Vec2;

/// The case a tile map's static cast met: a tile from (4, 5) to (8, 9), a ray along y = 6
/// ending on its left side.
#[test]
fn a_ray_ending_on_a_box_side_is_no_hit() {
    let (from, to) = (Vec2::new(3.0005493, 6.0), Vec2::new(4.0, 6.0));
    let (min, max) = (Vec2::new(4.0, 5.0), Vec2::new(8.0, 9.0));
    assert_eq!(cast_ray_box(min, max, from, to), None);
    let tile = Rect {
        half_extents: Vec2::splat(2.0),
    };
    assert_eq!(
        cast_ray(tile, &Pose::from_position(Vec2::new(6.0, 7.0)), from, to),
        None
    );
    // A circle's rim at the end, (3, 4) on a radius of 5, the same.
    let ball = Circle { radius: 5.0 };
    let down = (Vec2::new(3.0, 10.0), Vec2::new(3.0, 4.0));
    assert_eq!(cast_ray(ball, &Pose::IDENTITY, down.0, down.1), None);
    // One ulp further, it enters.
    let past = Vec2::new(4.0f32.next_up(), 6.0);
    assert!(cast_ray_box(min, max, from, past).is_some_and(|h| h.t < 1.0));
}

/// Seeded: a ray from anywhere outside to a point exactly on a side of a box (whole and
/// half coordinates, exact in `f32`) or of the same box as a hull, never hits it.
#[test]
fn rays_ending_on_a_side_never_hit() {
    let mut rng = SplitMix64::new(0x5eed_0e0d);
    for case in 0..20_000 {
        let centre =
            Vec2::new(rng.index(64) as f32, rng.index(64) as f32) * 0.5 - Vec2::splat(16.0);
        let half = Vec2::new((1 + rng.index(8)) as f32, (1 + rng.index(8)) as f32) * 0.5;
        let along = rng.range(-1.0, 1.0);
        let side = [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y][rng.index(4)];
        let to = centre + side * half + side.perp() * half * along;
        // A start on the outer side of that face's line.
        let away = side * rng.range(0.001, 20.0) + side.perp() * rng.range(-20.0, 20.0);
        let from = to + away;
        let (min, max) = (centre - half, centre + half);
        let rect = Rect { half_extents: half };
        let hull = Hull::from_half_extents(half).unwrap();
        let at = Pose::new(centre, Rot::IDENTITY);
        let what = format!("case {case}: {from:?} → {to:?} on {min:?}..{max:?}");
        assert_eq!(cast_ray_box(min, max, from, to), None, "{what}");
        assert_eq!(cast_ray(rect, &at, from, to), None, "{what}");
        assert_eq!(cast_ray(&hull, &at, from, to), None, "{what}");
    }
}
