//! A body that a door shuts on, in a corridor as narrow as the door, is pushed out the
//! shortest way clear of everything: pushing it out of the door along the door's nearest face
//! put it in the corridor's wall, and out of the wall back into the door, so a tester's player
//! stood frozen inside the door (every move, even one that would carry it out, dropped). The
//! way out goes only as far as clears what it leaves: off a corner, not past the whole face.

use collide_core::{overlaps, Circle, Hull, Pose, Rect, Rot, Shape};
use collide_world::{
    move_and_slide, Character, CharacterSettings, Obstacles, SlideSettings, StaticBodies,
};
use glam::Vec2;

/// A corridor 16 wide along x (walls above y = 8 and below y = -8), shut by a door 40 long
/// at x = 100.
fn corridor_with_door() -> StaticBodies {
    let mut set = StaticBodies::new();
    let wall = Rect {
        half_extents: Vec2::new(200.0, 50.0),
    };
    for y in [58.0, -58.0] {
        set.add(
            wall,
            Pose::from_position(Vec2::new(200.0, y)),
            Default::default(),
        )
        .unwrap();
    }
    let door = Rect {
        half_extents: Vec2::new(20.0, 8.0),
    };
    set.add(
        door,
        Pose::from_position(Vec2::new(100.0, 0.0)),
        Default::default(),
    )
    .unwrap();
    set.refresh();
    set
}

fn inside(set: &StaticBodies, shape: Shape, at: Vec2) -> bool {
    let mut found = false;
    let pose = Pose::from_position(at);
    let area = shape.as_shape_ref().aabb(&pose);
    set.near(&area, Default::default(), &mut |o| {
        found |= overlaps(shape.as_shape_ref(), &pose, o.shape, &o.pose);
    });
    found
}

#[test]
fn a_body_a_door_shuts_on_is_pushed_out_the_shortest_clear_way() {
    let set = corridor_with_door();
    let settings = SlideSettings::new(Vec2::Y);
    let hexagon = Hull::regular(6, 6.0).unwrap();
    let movers: [Shape; 3] = [
        Circle { radius: 6.0 }.into(),
        Rect {
            half_extents: Vec2::splat(5.0),
        }
        .into(),
        Shape::Hull(hexagon),
    ];
    for body in movers {
        for (start, travel) in [
            (Vec2::new(100.3, 0.7), Vec2::new(-3.0, 0.0)),
            (Vec2::new(100.3, 0.7), Vec2::new(-3.0, -3.0)),
            (Vec2::new(95.0, -0.5), Vec2::new(2.0, 0.0)),
        ] {
            let m = move_and_slide(
                body.as_shape_ref(),
                Rot::IDENTITY,
                start,
                travel,
                &set,
                &settings,
            );
            assert!(
                !inside(&set, body, m.position),
                "{body:?} from {start}: {m:?}"
            );
            // Out along x, by the nearer end of the door.
            let out = if start.x > 100.0 { 120.0 } else { 80.0 };
            assert!(
                (m.position.x - out).abs() < 8.0,
                "{body:?} from {start}: {m:?}"
            );
        }
    }
    // A character too: out, then free to walk away from the door.
    let settings = CharacterSettings::new(Vec2::Y);
    let body = Circle { radius: 6.0 };
    let mut player = Character::new(body, Vec2::new(100.3, 0.7), settings).unwrap();
    player.move_by(Vec2::new(-3.0, 0.0), &set);
    assert!(
        !inside(&set, body.into(), player.position()),
        "{:?}",
        player.last_move()
    );
    let out = player.position().x;
    for _ in 0..10 {
        player.move_by(Vec2::new(3.0, 0.0), &set);
    }
    assert!(player.position().x > out + 29.0, "{:?}", player.last_move());
}

/// The tester's case: a ball of radius 0.048 pushed by a moving plank against a wall, left
/// 0.006 into the plank's top corner. Pushing out of the corner went into the wall and back,
/// and the way out clear of both lifted the ball until its bottom cleared the plank's top
/// (0.052), though the ball hung beyond the plank's end: it then said it stood on the plank's
/// top, 0.023 above the corner, and fell the next frame. With less room between the corner
/// and the wall than the ball and two skins, it is pushed out by the depths alone: it stays
/// by the corner, touching it, and its contact is the corner (within the 0.006 it was in).
#[test]
fn a_ball_caught_on_a_corner_by_a_wall_is_lifted_only_clear_of_the_corner() {
    let mut set = StaticBodies::new();
    let plank = Rect {
        half_extents: Vec2::new(0.165_461_69, 0.032_349_687),
    };
    let plank_at = Vec2::new(3.334_538_7, -0.052_288_59);
    set.add(plank, Pose::from_position(plank_at), Default::default())
        .unwrap();
    let wall = Rect {
        half_extents: Vec2::new(0.05, 1.0),
    };
    set.add(
        wall,
        Pose::from_position(Vec2::new(3.65, 0.0)),
        Default::default(),
    )
    .unwrap();
    set.refresh();
    let ball = Circle {
        radius: 0.048_278_682,
    };
    let start = Vec2::new(3.541_721_8, -0.013_376_967);
    let settings = SlideSettings::new(Vec2::Y);
    let m = move_and_slide(
        ball,
        Rot::IDENTITY,
        start,
        Vec2::new(0.0, -0.014),
        &set,
        &settings,
    );
    assert!(!inside(&set, ball.into(), m.position), "{m:?}");
    let corner = plank_at + plank.half_extents;
    let first = m.contacts()[0];
    assert!((first.point - corner).length() < 0.006, "{m:?}");
    // Out of the corner: the corner lies on the ball's rim, within a skin, not 0.023 below it.
    let gap = (first.position - corner).length() - ball.radius;
    assert!((-1e-6..0.011).contains(&gap), "{gap}: {m:?}");
}
