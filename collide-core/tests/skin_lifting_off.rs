//! A turned hull resting on a rect (its lowest corner on the rect's top, within rounding) and
//! moving up and away is no stop for the skin sweep. The sweep read every axis as closed at
//! the start, and of those kept the first it was offered: the rect's bottom, so the way apart
//! came out as `+y` (into a ceiling that is not there) and the body, closing on it, stopped
//! dead. A tester found it as a box that rested exactly on a floor and would not climb the
//! ramp ahead. Of the axes closed at the start the sweep now keeps the least penetrated.

use collide_core::{
    distance, overlaps, time_of_impact_with_skin, Hull, Motion, Pose, Rect, Rot, DEFAULT_SKIN,
};
use collide_testkit::SplitMix64;
use glam::Vec2;

/// The tester's case: a half tile's rect, a box hull turned by -2.5245376 touching its top
/// (the distance is 0, and they do not overlap), moving up the ramp beside it.
#[test]
fn a_turned_box_lifting_off_a_tile_is_no_stop() {
    let tile = Rect {
        half_extents: Vec2::new(10.263_625, 5.131_812_6),
    };
    let at = Vec2::new(447.154_66, -35.927_61);
    let body = Hull::from_half_extents(Vec2::new(12.469_332, 14.995_03)).unwrap();
    let start = Vec2::new(458.889_07, -11.350_857);
    let rotation = Rot::from_angle(-2.524_537_6);
    let (pose, tile_pose) = (Pose::new(start, rotation), Pose::from_position(at));
    assert!(!overlaps(&body, &pose, tile, &tile_pose));
    assert_eq!(
        distance(&body, &pose, tile, &tile_pose).map(|d| d.distance),
        Some(0.0)
    );
    let up_the_ramp = Motion::new(start, start + Vec2::new(64.531_34, 32.265_656), rotation);
    let stop = time_of_impact_with_skin(
        &body,
        &up_the_ramp,
        tile,
        &Motion::stationary(at),
        DEFAULT_SKIN,
    );
    assert_eq!(stop, None);
}

/// Seeded: turned boxes and hexagons set on a rect's top by their lowest corner, moving up
/// at any angle: never a stop, where the two do not overlap (a start that rounds into the
/// rect is [`started_inside`](collide_core::SkinImpact::started_inside), as documented).
#[test]
fn turned_hulls_lifting_off_a_rect_are_no_stop() {
    let mut rng = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    let (mut stops, mut apart) = (Vec::new(), 0);
    for i in 0..20_000 {
        let body = if i % 2 == 0 {
            Hull::from_half_extents(Vec2::new(1.0 + 20.0 * rng.unit(), 1.0 + 20.0 * rng.unit()))
        } else {
            Hull::regular(6, 1.0 + 20.0 * rng.unit())
        }
        .unwrap();
        let rotation = Rot::from_angle(rng.unit() * std::f32::consts::TAU);
        let tile = Rect {
            half_extents: Vec2::new(1.0 + 20.0 * rng.unit(), 1.0 + 20.0 * rng.unit()),
        };
        let at = Vec2::new(rng.unit() - 0.5, rng.unit() - 0.5) * 2_000.0;
        let top = at.y + tile.half_extents.y;
        // The body's lowest corner over the tile's top, somewhere along it.
        let below = body.aabb(&Pose::new(Vec2::ZERO, rotation)).min().y;
        let x = at.x + tile.half_extents.x * (rng.unit() - 0.5);
        let start = Vec2::new(x, top - below);
        let angle = 0.05 + (std::f32::consts::PI - 0.1) * rng.unit();
        let travel = Rot::from_angle(angle).apply(Vec2::X) * (1.0 + 100.0 * rng.unit());
        let motion = Motion::new(start, start + travel, rotation);
        let still = Motion::stationary(at);
        if overlaps(
            &body,
            &Pose::new(start, rotation),
            tile,
            &Pose::from_position(at),
        ) {
            continue;
        }
        apart += 1;
        if let Some(stop) = time_of_impact_with_skin(&body, &motion, tile, &still, DEFAULT_SKIN) {
            stops.push((start, travel, stop));
        }
    }
    assert!(apart > 5_000, "{apart}");
    assert!(
        stops.is_empty(),
        "{} stops, first {:?}",
        stops.len(),
        stops[0]
    );
}
