//! A character walking on a flat floor far from the origin stays on it every frame. There a
//! skin grows with the coordinates, and a character stands a skin above its floor. The look
//! below for the floor, one skin or two deep, ended exactly touching it. A slide meets only
//! what it would overlap, so that look met nothing, and the character was in the air for a
//! frame. At scales of 100 to 1 000, with the map away from the origin, up to 2.4 % of the
//! frames of every mover shape were.

use collide_core::{Circle, Hull, Pose, Rect, Rot, Shape};
use collide_testkit::SplitMix64;
use collide_world::{Character, CharacterSettings, Obstacle, SlideSettings, TileMap};
use glam::Vec2;

/// A floor one row of `cell`-sized tiles, 200 wide, its lower left corner at `origin`.
fn floor(cell: f32, origin: Vec2) -> TileMap {
    TileMap::from_fn(200, 2, Vec2::splat(cell), origin, |_, y| u8::from(y == 0)).unwrap()
}

/// The tester's case: a circle of radius 400 resting two of its skins above the floor, 58 000
/// units out, moved left and down by gravity, was in the air.
#[test]
fn a_circle_resting_far_out_walks_on_the_floor() {
    let map = floor(1600.0, Vec2::new(-5643.422, -11840.57));
    let circle = Circle { radius: 400.0 };
    let mut c = Character::new(
        circle,
        Vec2::new(52378.094, -9840.5205),
        CharacterSettings::new(Vec2::Y),
    )
    .unwrap();
    let m = *c.move_by(Vec2::new(-545.07104, -50.0), &map);
    assert!(m.on_floor, "{m:?}");
    assert_eq!(m.position.x, 51833.023);
}

/// Every mover shape, turned at random, walking at random speeds on a floor at scales 1 to
/// 10 000, the map up to 500 times the scale from the origin and the walk up to 140 tiles
/// along it, with the snap on or off: every frame ends on the floor.
#[test]
fn every_mover_walks_a_far_flat_floor_on_it_every_frame() {
    let mut rng = SplitMix64::new(0x0f1a_7f10);
    for scale in [1.0_f32, 10.0, 100.0, 1000.0, 10_000.0] {
        let cell = 16.0 * scale;
        let r = 4.0 * scale;
        let shapes: [Shape; 4] = [
            Hull::regular(8, r).unwrap().into(),
            Hull::regular(6, r).unwrap().into(),
            Circle { radius: r }.into(),
            Rect {
                half_extents: Vec2::splat(r),
            }
            .into(),
        ];
        for shape in shapes {
            for _ in 0..20 {
                let origin = Vec2::new(rng.range(-500.0, 500.0), rng.range(-500.0, 500.0)) * scale;
                let map = floor(cell, origin);
                let snap = if rng.range(0.0, 1.0) < 0.5 { 0.0 } else { r };
                let settings = CharacterSettings::new(Vec2::Y).with_snap_length(snap);
                let at = origin + Vec2::new(rng.range(60.0, 140.0) * cell, 40.0 * scale);
                let mut c = Character::new(shape, at, settings).unwrap();
                c.set_rotation(Rot::from_angle(rng.range(0.0, 6.2831855)));
                let gravity = Vec2::new(0.0, -0.5 * scale);
                let mut v = Vec2::ZERO;
                while !c.on_floor() {
                    v += gravity;
                    c.move_by(v, &map);
                    v = c.clip_velocity(v);
                }
                let speed = rng.range(-8.0, 8.0) * scale;
                for frame in 0..100 {
                    v = Vec2::new(speed, v.y) + gravity;
                    let m = *c.move_by(v, &map);
                    v = c.clip_velocity(v);
                    assert!(
                        m.on_floor,
                        "{shape:?} turned {:?} at scale {scale}, map at {origin:?}, snap {snap}, \
                         speed {speed}: in the air on frame {frame} at {:?}",
                        c.rotation(),
                        m.position
                    );
                }
            }
        }
    }
}

/// The tester's case: a ball set down closer to a floor than its skin (at a crest joint, far
/// from the origin) and walked along it touched the floor and ended on it, yet said it was in
/// the air: the look below pushed it up to its skin, and a look that rose found no floor.
#[test]
fn a_ball_closer_to_the_floor_than_its_skin_walks_on_it() {
    let rows = [".....", ".....", ".....", ".ab#T", "=####"];
    let map =
        TileMap::from_rows(&rows, Vec2::splat(46.2324), Vec2::new(3933.9844, -6980.254)).unwrap();
    let ball = Circle { radius: 21.495766 };
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(8.69533);
    let mut c = Character::new(ball, Vec2::new(4072.0337, -6866.293), settings).unwrap();
    let m = *c.move_by(Vec2::new(6.46074, -1.9115529), &map);
    assert!(m.on_floor && m.floor_normal == Some(Vec2::Y), "{m:?}");
    // It stands a skin above the floor's top, y = -6887.789.
    let gap = m.position.y - ball.radius - -6887.789;
    assert!((0.0..0.02).contains(&gap), "{gap}");
}

/// The tester's case: a ball with a skin of 0.00047 (eight ulps of its coordinates, 830
/// units out) walked down a 22.5° slope onto a floor, and its walk ended exactly touching the
/// floor. The look below met the floor and pushed the ball out by the skin, which rounded to
/// 0.00049, more than the skin. So the look counted it as no landing, and the ball was in the
/// air for a frame.
#[test]
fn a_ball_ending_exactly_on_a_floor_far_out_with_a_small_skin_stands_on_it() {
    let rows = [
        "#...............................#",
        "#........................ab_....#",
        "#............/cd...._./\\/####\\..#",
        "#......./#\\ab###_b############cd#",
        "#.....ab#########################",
        "#################################",
    ];
    let map = TileMap::from_rows(&rows, Vec2::splat(0.75), Vec2::new(-844.2656, 831.1875)).unwrap();
    let slide = SlideSettings::new(Vec2::Y).with_skin(0.000_468_75);
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(0.691_815_2)
        .with_constant_speed_on_slopes(true)
        .with_slide(slide);
    let ball = Circle { radius: 0.28125 };
    let mut c = Character::new(ball, Vec2::new(-831.3132, 833.4787), settings).unwrap();
    let m = *c.move_by(Vec2::ZERO, &map);
    assert!(
        m.on_floor && m.floor_normal.unwrap().x < 0.0,
        "on the slope: {m:?}"
    );
    let m = *c.move_by(Vec2::new(-0.269_940_2, -0.023_437_5), &map);
    assert!(m.on_floor && m.floor_normal == Some(Vec2::Y), "{m:?}");
    // A skin above the floor's top, y = 833.0625, to the rounding of the coordinates.
    let gap = m.position.y - ball.radius - 833.0625;
    assert!((0.0..0.001).contains(&gap), "{gap}");
}

/// Every mover shape set down exactly on a flat floor far from the origin, with a skin of a
/// few ulps of its coordinates, is found on the floor by a move that goes nowhere.
#[test]
fn a_body_set_exactly_on_a_far_floor_with_a_small_skin_stands_on_it() {
    let mut rng = SplitMix64::new(0x5a_0f_f1_00);
    for _ in 0..200 {
        let cell = rng.range(0.25, 64.0).round_ties_even();
        let far = rng.range(100.0, 20_000.0) * cell.max(1.0);
        let origin = Vec2::new(-far.round(), far.round());
        let map = floor(cell, origin);
        let top = origin.y + cell;
        let x = origin.x + rng.range(20.0, 180.0) * cell;
        let ulp = f32::EPSILON * x.abs().max(top.abs());
        let slide = SlideSettings::new(Vec2::Y).with_skin(ulp * rng.range(4.0, 12.0));
        let settings = CharacterSettings::new(Vec2::Y).with_slide(slide);
        let half = cell.max(1.0) * 0.25;
        let shapes: [Shape; 3] = [
            Circle { radius: half }.into(),
            Rect {
                half_extents: Vec2::splat(half),
            }
            .into(),
            Hull::from_half_extents(Vec2::splat(half)).unwrap().into(),
        ];
        for shape in shapes {
            let at = Vec2::new(x, top + half);
            let mut c = Character::new(shape, at, settings).unwrap();
            let m = *c.move_by(Vec2::ZERO, &map);
            assert!(
                m.on_floor,
                "{shape:?} at {at:?} on a floor of {cell}: {m:?}"
            );
        }
    }
}

/// A long floor made of one rect: far along it, its far corners set the rounding a hull's
/// sweep allows for, and along every axis alike. At 20 000 wide that outgrew the skin, and a
/// hull walking on it was in the air on 59 frames of 300: the look below read the floor a
/// skin away as touching at the start. The rounding is now taken along each axis, and a
/// floor's far ends count along it, not across it.
#[test]
fn a_hull_walks_a_long_floor_rect_on_it_every_frame() {
    let mut rng = SplitMix64::new(0x10_4e_f1_00);
    for width in [2_000.0_f32, 10_000.0, 20_000.0, 40_000.0] {
        let floor = Obstacle::new(
            0,
            Rect {
                half_extents: Vec2::new(0.5 * width, 0.5),
            },
            Pose::from_position(Vec2::new(0.0, -1.0)),
        );
        let level = [floor];
        for _ in 0..8 {
            let half = Vec2::new(rng.range(4.0, 50.0), rng.range(4.0, 110.0));
            let sides = 3 + rng.index(6);
            let shapes: [Shape; 2] = [
                Hull::from_half_extents(half).unwrap().into(),
                Hull::regular(sides, half.y).unwrap().into(),
            ];
            for shape in shapes {
                let start = Vec2::new(rng.range(-0.45, 0.0) * width, 2.0 * half.y);
                let settings = CharacterSettings::new(Vec2::Y);
                let mut c = Character::new(shape, start, settings).unwrap();
                let (walk, gravity) = (rng.range(1.0, 32.0), rng.range(0.5, 6.0));
                let mut v = Vec2::ZERO;
                while !c.on_floor() {
                    v.y -= gravity;
                    c.move_by(v, &level[..]);
                    v = c.clip_velocity(v);
                }
                let frames = ((0.4 * width / walk) as usize).min(400);
                for frame in 0..frames {
                    v = Vec2::new(walk, v.y - gravity);
                    let m = *c.move_by(v, &level[..]);
                    v = c.clip_velocity(v);
                    assert!(
                        m.on_floor,
                        "{shape:?} on a floor {width} wide, walking {walk} with gravity \
                         {gravity}: in the air on frame {frame} at {:?}",
                        m.position
                    );
                }
            }
        }
    }
}

/// The tester's case: a hull 84 by 210 walking 31.55 a frame on a floor 20 000 wide.
#[test]
fn the_tall_hull_on_the_long_floor_stays_on_it() {
    let floor = Obstacle::new(
        0,
        Rect {
            half_extents: Vec2::new(10_000.0, 0.5),
        },
        Pose::from_position(Vec2::new(0.0, -1.0)),
    );
    let hull = Hull::from_half_extents(Vec2::new(42.422134, 105.17418)).unwrap();
    let at = Vec2::new(0.0, 104.68418);
    let mut c = Character::new(hull, at, CharacterSettings::new(Vec2::Y)).unwrap();
    for frame in 0..300 {
        let m = *c.move_by(Vec2::new(31.552256, -5.258709), &[floor][..]);
        assert!(m.on_floor, "in the air on frame {frame}: {m:?}");
    }
}

/// How far above the line from `a` to `b` (a ramp's top, the ramp below it) the lowest corner
/// of a rect of half extents `half` at `p` stands, in f64.
fn above_line(a: Vec2, b: Vec2, half: Vec2, p: Vec2) -> f64 {
    let [ax, ay, bx, by] = [a.x, a.y, b.x, b.y].map(f64::from);
    let (dx, dy) = (bx - ax, by - ay);
    let length = dx.hypot(dy);
    [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .iter()
        .map(|&(x, y)| {
            let cx = f64::from(p.x) + x * f64::from(half.x) - ax;
            let cy = f64::from(p.y) + y * f64::from(half.y) - ay;
            (dx * cy - dy * cx).abs() / length
        })
        .fold(f64::INFINITY, f64::min)
}

/// The tester's case: a ramp 14 000 long made of one hull, and a small rect walking down it
/// 6 000 units out. Near the slope the distance read as touching just past a gap above the
/// skin's bound (the ramp's far corners set both the closed form's margin and the distance
/// query's tolerance), the slide's probes ran out and it stayed where it started: the
/// character hovered 0.77 above the slope yet said it was on the floor.
#[test]
fn a_character_walks_down_one_long_ramp_hull_on_it_every_frame() {
    let (top, foot) = (
        Vec2::new(-1181.5676, 1983.7125),
        Vec2::new(-15119.614, -5995.9863),
    );
    let ramp = Hull::new(&[
        Vec2::new(-15119.614, -6001.6807),
        Vec2::new(-1181.5676, -6001.6807),
        top,
        foot,
    ])
    .unwrap();
    let level = [Obstacle::new(0, &ramp, Pose::IDENTITY)];
    let half = Vec2::new(2.1982298, 3.1403284);
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(3.3532794);
    let body = Rect { half_extents: half };
    let mut c = Character::new(body, Vec2::new(-6965.6257, -1323.3254), settings).unwrap();
    for _ in 0..3 {
        c.move_by(Vec2::new(0.0, -0.5), &level[..]);
    }
    let mut v = Vec2::ZERO;
    for frame in 0..200 {
        v = Vec2::new(-2.3637574, v.y - 0.5);
        let m = *c.move_by(v, &level[..]);
        v = c.clip_velocity(v);
        let gap = above_line(top, foot, half, m.position);
        assert!(
            m.on_floor && gap > 0.0 && gap < 0.03,
            "frame {frame}: {gap} above the slope, {m:?}"
        );
    }
}
