//! A ramp made of one hull walks as a ramp of tiles does. At exactly the default floor angle
//! (45°) a round character read its slope as a wall on most frames: the normal of a circle's
//! contact with a hull came from the direction to the nearest point, worked out among the
//! hull's far vertices, and tilted off 45° by rounding. Beside a face it is the face's own
//! normal now, as against a rect.

use collide_core::{Circle, Hull, Pose};
use collide_world::{Character, CharacterSettings, Obstacle};
use glam::Vec2;

/// A 45° ramp rising to the right from `origin`, `span` wide, 16 deep at its low end.
fn ramp(origin: Vec2, span: f32) -> Hull {
    Hull::new(&[
        origin + Vec2::new(0.0, -16.0),
        origin + Vec2::new(span, -16.0),
        origin + Vec2::new(span, span),
        origin,
    ])
    .unwrap()
}

/// The tester's cases: a ball of radius 5 walking 3 a frame up and down the ramp from its
/// middle, the ramp near the origin and away from it (38 frames of 46 in the air at 5 000 out).
#[test]
fn a_ball_walks_a_45_degree_ramp_hull_on_it_every_frame() {
    let origins = [
        Vec2::ZERO,
        Vec2::new(-1000.0, -1000.0),
        Vec2::new(5000.0, 3000.0),
        Vec2::new(-17000.0, 9000.0),
    ];
    let r = 5.0;
    for origin in origins {
        for span in [400.0_f32, 3200.0] {
            let hull = ramp(origin, span);
            let level = [Obstacle::new(0, &hull, Pose::IDENTITY)];
            for speed in [3.0_f32, -3.0] {
                let start = origin + Vec2::splat(0.5 * span) + Vec2::new(0.0, r * 1.5);
                let settings = CharacterSettings::new(Vec2::Y).with_snap_length(5.0);
                let mut c = Character::new(Circle { radius: r }, start, settings).unwrap();
                for _ in 0..5 {
                    c.move_by(Vec2::new(0.0, -0.5), &level[..]);
                }
                let mut v = Vec2::ZERO;
                for frame in 0..40 {
                    v = Vec2::new(speed, v.y - 0.5);
                    let m = *c.move_by(v, &level[..]);
                    v = c.clip_velocity(v);
                    assert!(
                        m.on_floor,
                        "ramp from {origin:?}, {span} wide, walking {speed}: in the air on \
                         frame {frame}, {m:?}"
                    );
                }
            }
        }
    }
}
