//! The rule that lets `move_and_slide` skip, for any body, the rects that lie behind the
//! side of a rect it met first (the next tiles of a floor it lands on), checked against the
//! sweeps themselves.

use collide_core::{
    time_of_impact_with_skin, Circle, Hull, Motion, Pose, Rect, Rot, Shape, ShapeRef,
};
use collide_testkit::SplitMix64;
use collide_world::SlideSettings;
use glam::Vec2;

/// Why a body's search skips the rects that lie behind the side of a rect it met first (the
/// next tiles of a floor): a sweep never meets such a rect before that side. Seeded boxes,
/// turned hulls and circles, moving at every speed, meet a rect face on; a second rect whose
/// side lies on the same line, anywhere along it and of any size, is met no earlier.
#[test]
fn a_rect_behind_the_side_met_first_is_never_met_earlier() {
    let mut rng = SplitMix64::new(0xBE41D);
    let skin = SlideSettings::new(Vec2::Y).skin;
    let half = |rng: &mut SplitMix64| Vec2::new(rng.range(0.5, 30.0), rng.range(0.5, 30.0));
    let mut met = 0;
    for i in 0..20_000 {
        let body: Shape = match i % 3 {
            0 => Rect {
                half_extents: half(&mut rng),
            }
            .into(),
            1 => Hull::regular(3 + rng.index(6), rng.range(2.0, 25.0))
                .unwrap()
                .into(),
            _ => Circle {
                radius: rng.range(0.5, 25.0),
            }
            .into(),
        };
        let turn = Rot::from_angle(rng.angle());
        let start = rng.in_box(Vec2::splat(-100.0), Vec2::splat(100.0));
        let speed = [2.0, 30.0, 500.0, 5_000.0][i % 4];
        let motion = Motion::new(start, start + rng.direction() * speed, turn);
        let a = Rect {
            half_extents: half(&mut rng),
        };
        let a_at = rng.in_box(Vec2::splat(-60.0), Vec2::splat(60.0));
        let still = |at: Vec2| Motion::new(at, at, Rot::IDENTITY);
        let body = body.as_shape_ref();
        let Some(first) = time_of_impact_with_skin(body, &motion, a, &still(a_at), skin) else {
            continue;
        };
        let n = first.impact.normal;
        if first.impact.t <= 0.0 || (n.x != 0.0 && n.y != 0.0) {
            continue; // not a side met face on after the start
        }
        met += 1;
        // `B` on the far side of the line through `A`'s side that faces the body.
        let (axis, across) = if n.x == 0.0 { (1, 0) } else { (0, 1) };
        let line = a_at[axis] - n[axis] * a.half_extents[axis];
        let b = Rect {
            half_extents: half(&mut rng),
        };
        let mut b_at = Vec2::ZERO;
        b_at[axis] = line + n[axis] * b.half_extents[axis];
        b_at[across] = a_at[across] + rng.range(-80.0, 80.0);
        let b_bounds = ShapeRef::from(b).aabb(&Pose::from_position(b_at));
        let b_side = if n[axis] > 0.0 {
            b_bounds.min()
        } else {
            b_bounds.max()
        };
        let a_bounds = ShapeRef::from(a).aabb(&Pose::from_position(a_at));
        let a_side = if n[axis] > 0.0 {
            a_bounds.min()
        } else {
            a_bounds.max()
        };
        if b_side[axis] != a_side[axis] {
            continue; // rounded off the line: the search would sweep it
        }
        if let Some(later) = time_of_impact_with_skin(body, &motion, b, &still(b_at), skin) {
            assert!(
                later.impact.t >= first.impact.t - 1e-5,
                "{body:?} turned {turn:?} along {motion:?}: {a:?} at {a_at} met at {first:?}, \
                 {b:?} at {b_at} at {later:?}"
            );
        }
    }
    assert!(met > 1_000, "only {met} rects met face on");
}
