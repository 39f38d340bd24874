//! The platformer level is what its description says, each counter reads one thing, and both
//! sides are wired to the level: they land on it, pass up through the one-way platform and
//! land on it, and ride the lift.

use collide_core::DEFAULT_SKIN;

use super::platformer::{
    ground, pieces, slopes_under, Kind, Lift, CURB_SPAN, RAISED, WALK_FROM, WALK_PROFILE, WALK_TO,
};
use super::platformer_failures::{
    airborne, caught, fell_through, idle_slid, jittered, segment_enters, AIR_GAP,
};
use super::*;

/// The highest top of any piece at `x` below `below` (a vertical line through the outlines).
fn highest_top(x: f32, below: f32) -> f32 {
    let mut top = f32::MIN;
    for piece in pieces() {
        let c = piece.corners();
        for (i, &a) in c.iter().enumerate() {
            let b = c[(i + 1) % c.len()];
            if (a.x - x) * (b.x - x) <= 0.0 && a.x != b.x {
                let y = a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x);
                if y < below {
                    top = top.max(y);
                }
            }
        }
    }
    top
}

#[test]
fn the_walked_profile_is_the_top_of_the_pieces() {
    let mut x = WALK_FROM + 0.25;
    while x < WALK_TO {
        // Under the raised one-way platform, the floor.
        let expected = highest_top(x, 33.0);
        assert!(
            (ground(x) - expected).abs() < 1e-4,
            "x {x}: {} vs {expected}",
            ground(x)
        );
        x += 0.5;
    }
    assert_eq!(WALK_PROFILE.first().map(|p| p.0), Some(-200.0));
    let kinds: Vec<Kind> = pieces().iter().map(|p| p.kind).collect();
    assert_eq!(kinds.iter().filter(|&&k| k == Kind::OneWay).count(), 2);
    // 26.6° and 45° ramps both ways, and flat: the slopes the walk meets.
    let mut slopes: Vec<f32> = slopes_under(WALK_FROM, WALK_TO).collect();
    slopes.sort_by(f32::total_cmp);
    slopes.dedup();
    assert_eq!(slopes, [-1.0, -0.5, 0.0, 0.5, 1.0]);
}

#[test]
fn the_lift_zigzags_a_unit_or_two_a_frame() {
    for f in 0..400 {
        let v = Lift::velocity(f);
        assert_eq!((v.x.abs(), v.y.abs()), (2.0, 1.0), "frame {f}");
    }
    assert_eq!(Lift::centre(0), Lift::centre(480));
}

#[test]
fn each_counter_reads_one_thing() {
    let (a, walk) = (Vec2::new(-100.0, 10.01), Vec2::new(2.0, -0.5));
    assert!(!caught(walk, 6.0, a, a + Vec2::new(2.0, 0.0), &[]));
    assert!(caught(walk, 6.0, a, a + Vec2::new(1.9, 0.0), &[]));
    let wall = Touch {
        position: a,
        normal: Vec2::X,
    };
    assert!(caught(walk, 6.0, a, a + Vec2::new(2.0, 0.0), &[wall]));
    assert!(caught(walk, 6.0, a, Vec2::NAN, &[]));
    // Up the 26.6° ramp, sliding the travel along it goes 0.8 · 2 − 0.2 along x.
    let ramp = Vec2::new(32.0, 26.0);
    assert!(!caught(walk, 6.0, ramp, ramp + Vec2::new(1.41, 0.7), &[]));
    assert!(caught(walk, 6.0, ramp, ramp + Vec2::new(1.3, 0.65), &[]));
    assert!(!jittered(0.3, 0.3) && !jittered(0.0, -0.5) && !jittered(5e-4, -5e-4));
    assert!(jittered(0.3, -0.1) && jittered(-0.01, 0.01) && jittered(0.3, f32::NAN));
    assert!(!airborne(true, DEFAULT_SKIN));
    assert!(airborne(false, DEFAULT_SKIN) && airborne(true, AIR_GAP * 1.5));
    assert!(airborne(true, f32::INFINITY));
    assert!(!idle_slid(a, a + Vec2::new(1e-4, -0.3)) && idle_slid(a, a + Vec2::X * 0.01));
    let platform = [(700.0, 764.0, 40.0)];
    // A box (reach 10) standing on it, landing on it, and dropping into it from above.
    let on = Vec2::new(730.0, 50.01);
    assert!(!fell_through(&[on, on], 10.0, &platform));
    assert!(!fell_through(&[on + Vec2::Y * 30.0, on], 10.0, &platform));
    assert!(fell_through(&[on, on - Vec2::Y * 0.5], 10.0, &platform));
    assert!(fell_through(
        &[on + Vec2::Y, on, on - Vec2::Y * 30.0],
        10.0,
        &platform
    ));
    // Up through it from below, and down beside it.
    assert!(!fell_through(
        &[on - Vec2::Y * 30.0, on + Vec2::Y],
        10.0,
        &platform
    ));
    let beside = Vec2::new(770.0, 50.01);
    assert!(!fell_through(
        &[beside, beside - Vec2::Y * 30.0],
        10.0,
        &platform
    ));
    let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
    assert!(segment_enters(
        Vec2::new(-1.0, 0.5),
        Vec2::new(2.0, 0.5),
        &square
    ));
    assert!(!segment_enters(
        Vec2::new(-1.0, 0.5),
        Vec2::new(-0.01, 0.5),
        &square
    ));
    assert!(!segment_enters(
        Vec2::new(-1.0, 1.0),
        Vec2::new(2.0, 1.0),
        &square
    ));
}

#[test]
fn the_checker_measures_against_the_pieces() {
    let checker = LevelChecker::new();
    // The box (half height 10) a skin above the floor, and 1 unit into it.
    let on_floor = Vec2::new(-100.0, 10.0 + DEFAULT_SKIN);
    assert!(!checker.penetrates(0, on_floor, None));
    assert!(checker.penetrates(0, on_floor - Vec2::Y, None));
    assert!((checker.height(0, on_floor, None) - DEFAULT_SKIN).abs() < 1e-4);
    assert!((checker.height(0, on_floor + Vec2::Y * 0.5, None) - 0.51).abs() < 1e-4);
    assert_eq!(
        checker.height(0, on_floor + Vec2::Y * 5.0, None),
        f32::INFINITY
    );
    // Inside a one-way platform is no penetration; inside the lift is.
    let bridge = Vec2::new(590.0, 8.0);
    assert!(!checker.penetrates(0, bridge, None));
    let lift = Lift::centre(0);
    assert!(checker.penetrates(1, lift, Some(lift)));
    assert!(!checker.penetrates(1, lift, None));
    // Through the floor, the curb and the lift; down onto the floor.
    assert!(checker.tunnelled(&[Vec2::new(-8.0, 50.0), Vec2::new(-8.0, -50.0)], None));
    let curb = Vec2::new((CURB_SPAN.0 + CURB_SPAN.1) / 2.0, 2.0);
    assert!(checker.tunnelled(&[curb - Vec2::X * 40.0, curb + Vec2::X * 40.0], None));
    let through_lift = [lift + Vec2::Y * 20.0, lift - Vec2::Y * 20.0];
    assert!(checker.tunnelled(&through_lift, Some(lift)));
    assert!(!checker.tunnelled(&[Vec2::new(-50.0, 300.0), on_floor], None));
}

/// What every side must do on the level: land a skin or so above the floor, pass up through
/// the raised one-way platform and land on it, and stand on the lift as it moves.
fn check_wiring(side: &mut dyn Platformer) {
    let checker = LevelChecker::new();
    for (mover, (name, _)) in movers().iter().enumerate() {
        let reach = platformer_sides::reach_down(mover);
        side.place(mover, Vec2::new(-100.0, 200.0));
        let landed = side.step(Vec2::new(0.0, -500.0), None);
        let gap = landed.position.y - reach;
        assert!(gap > 0.0 && gap < 0.05, "{}: {name} gap {gap}", side.name());
        assert!(landed.on_floor, "{}: {name}", side.name());
        let under = Vec2::new(730.0, reach + 0.5);
        side.place(mover, under);
        let up = side.step(Vec2::new(0.0, 80.0), None).position;
        assert!(
            (up - under - Vec2::Y * 80.0).length() < 1e-3,
            "{}: {name} {up}",
            side.name()
        );
        let down = side.step(Vec2::new(0.0, -80.0), None);
        let gap = down.position.y - reach - RAISED.2;
        assert!(
            gap > 0.0 && gap < 0.05,
            "{}: {name} on the platform, gap {gap}",
            side.name()
        );
        // Placed 2.5 above the lift, which rises a unit a frame at first: it lands in two
        // frames, then rides.
        side.place(
            mover,
            Lift::centre(0) + Vec2::Y * (Lift::HALF_EXTENTS.y + reach + 2.5),
        );
        let mut on_lift = 0;
        for f in 0..100 {
            side.set_lift(f);
            let moved = side.step(Vec2::new(0.0, -0.5), None);
            on_lift += usize::from(moved.on_lift);
            let lift = Some(Lift::centre(f + 1));
            assert!(
                !checker.penetrates(mover, moved.position, lift),
                "{}: {name}",
                side.name()
            );
        }
        assert!(
            on_lift >= 97,
            "{}: {name} on the lift {on_lift} frames",
            side.name()
        );
        side.set_lift(0);
    }
}

#[test]
fn move_and_slide_is_wired_to_the_level() {
    check_wiring(&mut CollideSlide::new());
}

#[test]
fn collides_character_is_wired_to_the_level() {
    check_wiring(&mut CollideCharacter::new());
}

#[test]
fn rapier_is_wired_to_the_level() {
    check_wiring(&mut RapierPlatformer::new());
}

/// collide's character on the level: never caught, inside, jittering, sliding idle, airborne
/// on a floor, through a one-way platform or tunnelled, and every step taken, for every mover,
/// the round ones (the circle and the hexagon, whose lower sides slant) included: walking off
/// the curb's edge they are snapped down past its corner, and a slow one steps its riser in
/// the move that meets it.
#[test]
fn collides_character_fails_nothing_with_any_mover() {
    let checker = LevelChecker::new();
    let jumps = platformer::jumps(10, scene::SEED);
    let fast = platformer::platform_fast_moves(50, scene::SEED);
    let mut side = CollideCharacter::new();
    for (mover, (name, _)) in movers().iter().enumerate() {
        let f = count_platform_failures(&mut side, &checker, mover, &jumps, &fast, None);
        assert_eq!(f.total(), 0, "{name}: {f:?}");
        assert_eq!((f.jumps, f.moves), (10, 50), "{name}");
    }
}

/// A circle walking up a ramp onto the tiles at its top rolls over the crest where the ramp's
/// steep side meets the tile's corner: the corner is no seam between two tiles, so its normal
/// is the true one, not the tile's top face's (which would stop the circle dead).
#[test]
fn a_circle_rolls_over_the_crests_where_ramps_meet_tiles() {
    let mut bodies = collide::StaticBodies::new();
    for piece in pieces() {
        let _ = bodies.add(piece.shape(), piece.pose(), collide::Layers::ALL);
    }
    bodies.refresh();
    let settings = collide::SlideSettings::new(Vec2::Y);
    let circle = collide_core::Circle { radius: 6.0 };
    let gap = 6.0 + DEFAULT_SKIN;
    // Touching the 26.6° ramp and the plateau's corner (64, 32) from the left; the 45° ramp
    // and the half tiles' corner (352, 32) from the right; each with the ramp's normal (out of
    // it).
    let up_left = (Vec2::new(64.0, 32.0), Vec2::new(-1.0, 2.0).normalize());
    let up_right = (Vec2::new(352.0, 32.0), Vec2::new(1.0, 1.0).normalize());
    for ((corner, normal), travel) in [
        (up_left, Vec2::new(1.0, -0.5)),
        (up_right, Vec2::new(-1.0, -0.5)),
    ] {
        let start = corner + normal * gap;
        let rot = collide_core::Rot::IDENTITY;
        let slide = collide::move_and_slide(circle, rot, start, travel, &bodies, &settings);
        let moved = (slide.position.x - start.x) * travel.x.signum();
        // At least as far along x as sliding the travel along the ramp goes.
        let along = travel - normal * travel.dot(normal);
        let least = along.x.abs() - 0.01;
        assert!(moved > least, "{start} by {travel}, {least}: {slide:?}");
    }
}
