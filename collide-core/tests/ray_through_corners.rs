//! A segment passing exactly through a box's corner from outside, on into the outside,
//! only touches the box: no hit. The slab test took each slab's times as products by the
//! reciprocal of the travel, and the time it enters one slab and the time it leaves the other,
//! the same fraction (5/13), came out an ulp apart: a hit at the corner (a tile map's static
//! cast met a tile there that its own cast, and an `f64` oracle, did not).

use collide_core::{cast_ray, cast_ray_box, Pose, Rect};
use collide_testkit::SplitMix64;
use glam::Vec2;

/// Whether either test of the box from `min` to `max` (by its corners, and as a `Rect` at its
/// centre) says `from → to` enters it.
fn enters(min: Vec2, max: Vec2, from: Vec2, to: Vec2) -> bool {
    let rect = Rect {
        half_extents: (max - min) * 0.5,
    };
    let at = Pose::from_position((min + max) * 0.5);
    cast_ray_box(min, max, from, to).is_some() || cast_ray(rect, &at, from, to).is_some()
}

/// The tester's case: a tile from (-3.5, 4.5) to (0.5, 8.5), a ray up and to the right past
/// its bottom-right corner.
#[test]
fn a_ray_past_a_box_corner_is_no_hit() {
    let (min, max) = (Vec2::new(-3.5, 4.5), Vec2::new(0.5, 8.5));
    let (from, to) = (Vec2::new(-19.5, -10.5), Vec2::new(32.5, 28.5));
    assert!(!enters(min, max, from, to));
    // Aimed a quarter to the left of the corner, it enters.
    assert!(enters(min, max, from, Vec2::new(0.25, 4.5) * 2.0 - from));
}

/// Seeded: rays through a corner of a box (half-unit coordinates, so every input is exact),
/// along directions whose times are fractions of odd denominators, from outside on into the
/// outside, never hit it.
#[test]
fn rays_through_a_corner_never_hit() {
    let mut rng = SplitMix64::new(0xC0_4E42);
    for case in 0..20_000 {
        let min = Vec2::new(rng.index(64) as f32, rng.index(64) as f32) * 0.5 - Vec2::splat(16.0);
        let max = min + Vec2::new((1 + rng.index(16)) as f32, (1 + rng.index(16)) as f32) * 0.5;
        // The corner, and the way out of the box from it along each axis.
        let (sx, sy) = (rng.index(2) == 0, rng.index(2) == 0);
        let corner = Vec2::new(
            if sx { max.x } else { min.x },
            if sy { max.y } else { min.y },
        );
        let out = Vec2::new(if sx { 1.0 } else { -1.0 }, if sy { 1.0 } else { -1.0 });
        // Across the corner: past the box along one axis before it, along the other after.
        let d = Vec2::new(out.x, -out.y)
            * Vec2::new((1 + rng.index(13)) as f32, (1 + rng.index(13)) as f32);
        let (before, after) = ((1 + rng.index(7)) as f32, (1 + rng.index(7)) as f32);
        let (from, to) = (corner - d * before, corner + d * after);
        let (from, to) = if rng.index(2) == 0 {
            (from, to)
        } else {
            (to, from)
        };
        assert!(
            !enters(min, max, from, to),
            "case {case}: {min} {max}, {from} -> {to}"
        );
    }
}
