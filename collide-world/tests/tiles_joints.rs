//! Walking across the joints between shaped cells with `move_and_slide`: a floor meeting a
//! slope at its foot and at its crest, slopes meeting slopes, half tiles side by side. Boxes,
//! circles and hulls (turned or not), at 1 to 500 units a frame, both ways: no joint catches
//! (each frame covers at least the distance the surfaces it meets allow), bumps (rises more
//! than they allow), reports a normal off the real surfaces (an internal face's), or ends
//! inside a cell.

use collide_core::{overlaps, Circle, Hull, Layers, Pose, Rect, Rot, Shape};
use collide_testkit::proptest_config as config;
use collide_world::{move_and_slide, Obstacles, SlideSettings, TileMap, TileShape};
use glam::Vec2;
use proptest::prelude::*;

/// The cell size of every scene.
const CELL: f32 = 16.0;

/// The flat run on each side of a scene's joints, in cells: longer than two frames' walk.
const FLAT: u32 = 80;

/// One column of a scene: how many whole cells stand in it, and the shaped cell on top.
type Column = (u32, Option<TileShape>);

/// A scene: its map, the joints' span along x, and the real surfaces' normals (from a body
/// into the ground).
struct Scene {
    map: TileMap,
    joints: (f32, f32),
    normals: Vec<Vec2>,
    /// Up for the walker: `-y` where it walks on the ceilings of a scene turned upside down.
    up: Vec2,
}

/// The map of `FLAT` columns `left`, `middle`, then `FLAT` columns `right`.
fn scene(left: Column, middle: &[Column], last: Column) -> Scene {
    let mut columns = vec![left; FLAT as usize];
    columns.extend_from_slice(middle);
    columns.extend(std::iter::repeat_n(last, FLAT as usize));
    let height = columns.iter().map(|c| c.0 + 1).max().unwrap() + 2;
    let width = columns.len() as u32;
    let map = TileMap::from_fn(width, height, Vec2::splat(CELL), Vec2::ZERO, |x, y| {
        let (solid, top) = columns[x as usize];
        match (y < solid, y == solid, top) {
            (true, _, _) => 1,
            (false, true, Some(shape)) => shape.as_byte(),
            _ => 0,
        }
    })
    .unwrap();
    let mut normals = vec![Vec2::NEG_Y];
    for shape in middle.iter().chain([&left, &last]).filter_map(|c| c.1) {
        if let Some(n) = surface_normal(shape) {
            if !normals.iter().any(|m| m.distance(n) < 1e-6) {
                normals.push(n);
            }
        }
    }
    let joints = (
        FLAT as f32 * CELL,
        (FLAT as usize + middle.len()) as f32 * CELL,
    );
    Scene {
        map,
        joints,
        normals,
        up: Vec2::Y,
    }
}

/// The scene upside down, walked on with up `-y`: its floors become ceilings (each shape
/// its mirror image), to walk the ceiling slopes' and half tiles' joints too.
fn upside_down(scene: &Scene) -> Scene {
    use TileShape::*;
    let map = &scene.map;
    let (w, h) = (map.width(), map.height());
    let mirror = |shape: TileShape| match shape {
        Slope45UpRight => Ceiling45DownRight,
        Slope45UpLeft => Ceiling45DownLeft,
        Slope22UpRightLow => Ceiling22DownRightThin,
        Slope22UpRightHigh => Ceiling22DownRightThick,
        Slope22UpLeftHigh => Ceiling22DownLeftThick,
        Slope22UpLeftLow => Ceiling22DownLeftThin,
        HalfTop => HalfBottom,
        HalfBottom => HalfTop,
        other => other,
    };
    let flipped = TileMap::from_fn(w, h, map.cell_size(), map.origin(), |x, y| {
        let byte = map.get(x, h - 1 - y).unwrap();
        match TileShape::from_byte(byte) {
            TileShape::Solid => byte,
            shape => mirror(shape).as_byte(),
        }
    })
    .unwrap();
    Scene {
        map: flipped,
        joints: scene.joints,
        normals: scene.normals.iter().map(|n| Vec2::new(n.x, -n.y)).collect(),
        up: -scene.up,
    }
}

/// The normal into a shape's slanted or inner surface (the one a body walks on), from above.
fn surface_normal(shape: TileShape) -> Option<Vec2> {
    let outline = shape.outline()?;
    let n = outline.len();
    (0..n).find_map(|i| {
        let (p, q) = (outline[i], outline[(i + 1) % n]);
        let on_side = (p.x == q.x && (p.x == 0.0 || p.x == 1.0))
            || (p.y == q.y && (p.y == 0.0 || p.y == 1.0));
        let e = (q - p) * CELL;
        let out = Vec2::new(e.y, -e.x).normalize();
        (!on_side && out.y > 0.0).then_some(-out)
    })
}

/// The scenes, and each upside down (ceilings): 45° ramps up and down (a foot, corners of stacked slopes, a crest), half-rise
/// ramps (low and high cells meeting at half height), half tops flush with a solid floor, and
/// half bottoms side by side.
fn scenes() -> Vec<Scene> {
    use TileShape::*;
    let s = Some;
    let floor = (1, None);
    let mut floors = vec![
        scene(
            floor,
            &[
                (1, s(Slope45UpRight)),
                (2, s(Slope45UpRight)),
                (3, s(Slope45UpRight)),
            ],
            (4, None),
        ),
        scene(
            floor,
            &[
                (1, s(Slope22UpRightLow)),
                (1, s(Slope22UpRightHigh)),
                (2, s(Slope22UpRightLow)),
                (2, s(Slope22UpRightHigh)),
            ],
            (3, None),
        ),
        scene(
            (4, None),
            &[
                (3, s(Slope45UpLeft)),
                (2, s(Slope45UpLeft)),
                (1, s(Slope45UpLeft)),
            ],
            floor,
        ),
        scene(
            (3, None),
            &[
                (2, s(Slope22UpLeftHigh)),
                (2, s(Slope22UpLeftLow)),
                (1, s(Slope22UpLeftHigh)),
                (1, s(Slope22UpLeftLow)),
            ],
            floor,
        ),
        scene(
            (2, None),
            &[
                (1, s(HalfTop)),
                (1, s(HalfTop)),
                (1, s(HalfTop)),
                (2, None),
                (1, s(HalfTop)),
            ],
            (2, None),
        ),
        scene(
            (1, s(HalfBottom)),
            &[(1, s(HalfBottom)); 4],
            (1, s(HalfBottom)),
        ),
    ];
    let ceilings: Vec<Scene> = floors.iter().map(upside_down).collect();
    floors.extend(ceilings);
    floors
}

/// A mover: a box, a circle, or a regular hull, turned or not.
fn mover(kind: usize, size: f32, aspect: f32, sides: usize, turn: f32) -> (Shape, Rot) {
    match kind {
        0 => (
            Rect {
                half_extents: Vec2::new(size, size * aspect),
            }
            .into(),
            Rot::IDENTITY,
        ),
        1 => (Circle { radius: size }.into(), Rot::IDENTITY),
        _ => (
            Hull::regular(sides, size).unwrap().into(),
            Rot::from_angle(turn),
        ),
    }
}

/// The angle of a normal, for the cone of the real surfaces' normals (all point down).
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn angle(n: Vec2) -> f32 {
    n.y.atan2(n.x)
}

/// What a frame moving by `travel` may do on these surfaces: the least progress along
/// `dir` and the most rise along `up`, over the travel itself and its clips, one after
/// another (up to three), by the surfaces it presses on.
fn allowed(travel: Vec2, normals: &[Vec2], dir: f32, up: Vec2) -> (f32, f32) {
    let mut clips = vec![travel];
    for _ in 0..3 {
        for i in 0..clips.len() {
            for n in normals {
                let into = clips[i].dot(*n);
                if into > 0.0 {
                    clips.push(clips[i] - into * *n);
                }
            }
        }
    }
    let least = clips
        .iter()
        .map(|c| c.x * dir)
        .fold(f32::INFINITY, f32::min);
    let most = clips
        .iter()
        .map(|c| c.dot(up))
        .fold(f32::NEG_INFINITY, f32::max);
    (least, most)
}

/// Whether the body at `pose` overlaps a cell's exact shape.
fn inside(map: &TileMap, shape: &Shape, pose: &Pose) -> bool {
    let shape = shape.as_shape_ref();
    let area = shape.aabb(pose);
    let mut hit = false;
    map.near(&area, Layers::ALL, &mut |o| {
        hit |= overlaps(shape, pose, o.shape, &o.pose);
    });
    hit
}

/// One walk: lands the mover above `start_x`, walks two frames by `speed` along `dir` with a
/// little gravity, each followed by a short drop back to the ground (a snap), and checks each
/// frame. `Err` says what went wrong.
fn walk(
    scene: &Scene,
    (shape, turn): &(Shape, Rot),
    start_x: f32,
    speed: f32,
    dir: f32,
) -> Result<(), String> {
    let map = &scene.map;
    // 45° slopes are floors (the default steepest floor is exactly 45°).
    let up = scene.up;
    let settings = SlideSettings::new(up).with_max_floor_angle(50f32.to_radians());
    let drop = settings.with_max_slides(1);
    let body = shape.as_shape_ref();
    let b = map.bounds();
    let above = if up.y > 0.0 {
        b.max().y + 30.0
    } else {
        b.min().y - 30.0
    };
    let landed = move_and_slide(
        body,
        *turn,
        Vec2::new(start_x, above),
        -300.0 * up,
        map,
        &drop,
    );
    if !landed.on_floor {
        return Err(format!("never landed: {landed:?}"));
    }
    let (lo, hi) = scene
        .normals
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), n| {
            (lo.min(angle(*n)), hi.max(angle(*n)))
        });
    let gravity = 0.5;
    let mut at = landed.position;
    for frame in 0..2 {
        let travel = Vec2::new(dir * speed, 0.0) - gravity * up;
        let step = move_and_slide(body, *turn, at, travel, map, &settings);
        let (least, most) = allowed(travel, &scene.normals, dir, up);
        let tolerance = 0.05 + 1e-4 * speed;
        let moved = step.position - at;
        let what = format!("frame {frame} from {at} by {travel}: {step:?}");
        if moved.x * dir < least - tolerance {
            return Err(format!("caught: {} of {least}; {what}", moved.x * dir));
        }
        if moved.dot(up) > most + tolerance {
            return Err(format!("bumped: rose {} of {most}; {what}", moved.dot(up)));
        }
        for c in step.contacts() {
            let a = angle(c.normal);
            if a < lo - 1e-3 || a > hi + 1e-3 {
                return Err(format!("normal {} off the surfaces; {what}", c.normal));
            }
        }
        let pose = Pose::new(step.position, *turn);
        if inside(map, shape, &pose) {
            return Err(format!("ends inside; {what}"));
        }
        // Back down to the ground: at most as far as a 45° ramp falls under the frame's walk.
        let snap = -(speed + 2.0 * CELL) * up;
        at = move_and_slide(body, *turn, step.position, snap, map, &drop).position;
    }
    Ok(())
}

/// How many walks the test takes: a few thousand (seconds in a debug build), and as many as
/// `COLLIDE_JOINT_CASES` asks for (a long run, in release).
fn cases() -> u32 {
    std::env::var("COLLIDE_JOINT_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(6_000)
}

proptest! {
    #![proptest_config(config(cases(), 0x101_D5EA))]

    #[test]
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn walks_across_joints_never_catch_bump_or_meet_an_internal_face(
        which in 0usize..12,
        kind in 0usize..3,
        size in 2.0f32..12.0,
        aspect in 0.3f32..1.0,
        sides in 3usize..9,
        turn in 0.0f32..core::f32::consts::TAU,
        speed_exp in 0.0f32..1.0,
        right in any::<bool>(),
        lead in 0.0f32..1.0,
    ) {
        let scene = &scenes()[which];
        let speed = 500.0f32.powf(speed_exp); // 1 to 500, as many slow as fast
        let dir = if right { 1.0 } else { -1.0 };
        // Started before the joints (a frame's walk and a body or two away, or among them),
        // so that the first frame reaches them.
        let reach = speed + 4.0 * size;
        let (j0, j1) = scene.joints;
        let start = if right { j0 - reach * lead } else { j1 + reach * lead };
        let body = mover(kind, size, aspect, sides, turn);
        if let Err(why) = walk(scene, &body, start, speed, dir) {
            prop_assert!(false, "scene {which}, {:?}: {why}", body.0);
        }
    }
}
