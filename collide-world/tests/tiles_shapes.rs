//! Shaped cells: the byte table and the text legend, the exact shape each cell's obstacle
//! has, one-way cells, and the face rule at the joints between shapes.

use collide_core::{Aabb, Circle, Layers, Rect, Rot, ShapeRef};
use collide_world::{move_and_slide, Error, Obstacles, SlideSettings, TileMap, TileShape};
use glam::Vec2;

const SIZE: Vec2 = Vec2::new(16.0, 12.0);

/// Every character of the legend once, in a row above a floor.
fn every_shape() -> TileMap {
    TileMap::from_rows(
        &["#3T_[]/\\QPabcdefgh=.", "####################"],
        SIZE,
        Vec2::new(-40.0, 8.0),
    )
    .unwrap()
}

#[test]
fn the_legend_reads_a_character_per_shape() {
    let map = every_shape();
    let expected = [
        (TileShape::Solid, 1),
        (TileShape::Solid, 3),
        (TileShape::HalfTop, 0xE0),
        (TileShape::HalfBottom, 0xE1),
        (TileShape::HalfLeft, 0xE2),
        (TileShape::HalfRight, 0xE3),
        (TileShape::Slope45UpRight, 0xE4),
        (TileShape::Slope45UpLeft, 0xE5),
        (TileShape::Ceiling45DownRight, 0xE6),
        (TileShape::Ceiling45DownLeft, 0xE7),
        (TileShape::Slope22UpRightLow, 0xE8),
        (TileShape::Slope22UpRightHigh, 0xE9),
        (TileShape::Slope22UpLeftHigh, 0xEA),
        (TileShape::Slope22UpLeftLow, 0xEB),
        (TileShape::Ceiling22DownRightThin, 0xEC),
        (TileShape::Ceiling22DownRightThick, 0xED),
        (TileShape::Ceiling22DownLeftThick, 0xEE),
        (TileShape::Ceiling22DownLeftThin, 0xEF),
        (TileShape::OneWayTop, 0xF0),
        (TileShape::Empty, 0),
    ];
    for (x, (shape, byte)) in expected.into_iter().enumerate() {
        assert_eq!(map.shape(x as u32, 1), Some(shape), "column {x}");
        assert_eq!(map.get(x as u32, 1), Some(byte), "column {x}");
        assert_eq!(TileShape::from_byte(byte), shape);
    }
    assert_eq!(map.shape(0, 2), None);
    // Bytes no shape is given stay plain solid: maps of materials keep working.
    for byte in [1, 9, 0x7F, 0xDF, 0xF1, 0xFF] {
        assert_eq!(TileShape::from_byte(byte), TileShape::Solid);
    }
    let bad = TileMap::from_rows(&["#/", "#x"], SIZE, Vec2::ZERO);
    assert!(
        matches!(
            bad,
            Err(Error::TileMapText {
                row: 1,
                column: 1,
                ..
            })
        ),
        "{bad:?}"
    );
}

/// The polygon a cell's obstacle covers, in world coordinates, counter-clockwise.
fn world_polygon(shape: ShapeRef<'_>, at: Vec2) -> Vec<Vec2> {
    match shape {
        ShapeRef::Rect(r) => {
            let (lo, hi) = (at - r.half_extents, at + r.half_extents);
            vec![lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)]
        }
        ShapeRef::Hull(h) => h.vertices().iter().map(|v| at + *v).collect(),
        ShapeRef::Circle(_) => panic!("no cell is a circle"),
    }
}

/// The same polygon up to where it starts, to rounding.
fn same_polygon(a: &[Vec2], b: &[Vec2]) -> bool {
    a.len() == b.len()
        && (0..a.len()).any(|k| {
            (0..a.len()).all(|i| {
                a[(i + k) % a.len()].distance(b[i]) <= 1e-4 * (1.0 + b[i].abs().max_element())
            })
        })
}

#[test]
fn each_cells_obstacle_is_its_exact_shape() {
    let map = every_shape();
    let mut listed = Vec::new();
    let area = Aabb::from_min_max(map.bounds().min(), map.bounds().max());
    map.near(&area, Layers::ALL, &mut |o| listed.push(o));
    assert_eq!(listed.len(), 20 + 19, "every cell but the empty one");
    for o in &listed {
        let cell = map.cell_of_index(o.id);
        let shape = map.shape(cell.x, cell.y).unwrap();
        let unit = shape.outline().expect("not empty");
        let want: Vec<Vec2> = unit
            .iter()
            .map(|u| map.cell_min(cell.x, cell.y) + *u * SIZE)
            .collect();
        let got = world_polygon(o.shape, o.pose.position);
        assert!(same_polygon(&got, &want), "{shape:?}: {got:?} vs {want:?}");
        assert_eq!(
            matches!(o.shape, ShapeRef::Hull(_)),
            !shape.is_rect(),
            "{shape:?}"
        );
        let one_way = shape == TileShape::OneWayTop;
        assert_eq!(o.one_way, one_way.then_some(Vec2::Y), "{shape:?}");
        // The lookup by id gives the same obstacle.
        assert_eq!(map.obstacle(o.id), Some(*o));
        assert_eq!(map.cell_shape(cell.x, cell.y), Some((o.shape, o.pose)));
    }
    assert_eq!(map.obstacle(map.cell_index(19, 1)), None, "the empty cell");
    // The obstacles of cells set later are shaped too.
    let mut map = map;
    map.set(19, 1, TileShape::Slope45UpLeft.as_byte()).unwrap();
    let o = map.obstacle(map.cell_index(19, 1)).unwrap();
    assert!(matches!(o.shape, ShapeRef::Hull(_)));
}

#[test]
fn joints_at_the_same_height_are_no_faces() {
    // A floor, a 45° ramp up to a ledge, a half-rise ramp, half tiles side by side.
    let map = TileMap::from_rows(
        &["....##..........", "...//#ab#..__#..", "################"],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .unwrap();
    let (r, l, u, d) = (Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y);
    let diag = Vec2::new(1.0, -1.0).normalize(); // down and right, into a cell's top left
                                                 // The ramp's cells stand on the floor: the floor cells' tops under them are covered.
    assert_eq!(map.face_normal(3, 0, d), None);
    // The ramp's low end meets the floor: the floor tile's top-right corner there is flat.
    assert_eq!(map.face_normal(2, 0, diag), Some(d));
    // Into the ramp's low corner: its bottom side is covered, so the slope's own normal.
    let slope_in = Vec2::new(1.0, -1.0).normalize();
    let corner = Vec2::new(1.0, -0.2).normalize();
    let got = map.face_normal(3, 1, corner).unwrap();
    assert!(got.distance(slope_in) < 1e-6, "{got}");
    // Two 45° cells in a row: the higher one's left side is a point, the lower one's right
    // side is covered by nothing (the slope runs on): its slope normal stays.
    assert!(map.face_normal(3, 1, slope_in).unwrap().distance(slope_in) < 1e-6);
    // The ramp's top meets the ledge at (5, 1): the ledge's side is covered by the slope's.
    assert_eq!(map.face_normal(5, 1, r), None);
    // The half-rise pair: the high cell's left side (half) is covered by the low one's right.
    assert_eq!(map.face_normal(7, 1, r), None);
    assert_eq!(map.face_normal(6, 1, l), None);
    // The high cell's top meets the solid cell (8, 1) at its top: no wall there.
    assert_eq!(map.face_normal(8, 1, r), None);
    // Half tiles side by side: no face between them; the step up to the solid cell is a wall.
    assert_eq!(map.face_normal(12, 1, r), None);
    assert_eq!(map.face_normal(11, 1, l), None);
    assert_eq!(map.face_normal(13, 1, r), Some(r));
    assert_eq!(map.face_normal(11, 1, r), Some(r)); // from the empty cell (10, 1)
                                                    // The half tile's top is a floor, the floor under it covered; beside it, not.
    assert_eq!(map.face_normal(11, 1, d), Some(d));
    assert_eq!(map.face_normal(11, 0, d), None);
    assert_eq!(map.face_normal(10, 0, d), Some(d));
    // A plain solid cell beside empty space still has its face.
    assert_eq!(map.face_normal(13, 1, u), None); // the floor under it
    assert_eq!(map.face_normal(14, 0, d), Some(d));
    // A half top flush with a solid cell: the solid cell's side is covered next to its top,
    // so its top corner there is flat, and so is the half's.
    let flush = TileMap::from_rows(&["T#", "#."], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    assert_eq!(flush.face_normal(1, 1, diag), Some(d));
    assert_eq!(flush.face_normal(1, 1, r), Some(r)); // below the half, the side is a wall
    let down_left = Vec2::new(-1.0, -1.0).normalize();
    assert_eq!(flush.face_normal(0, 1, down_left), Some(d));
}

#[test]
fn a_box_and_a_ball_walk_up_a_ramp_onto_a_ledge() {
    // 45° cells stacked into one ramp from the floor (top y = 16) to a ledge (top y = 64).
    let map = TileMap::from_rows(
        &[
            "........................",
            "........../#############",
            "........./##############",
            "......../###############",
            "########################",
        ],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .unwrap();
    let settings = SlideSettings::new(Vec2::Y);
    for shape in [
        ShapeRef::Rect(Rect {
            half_extents: Vec2::new(5.0, 7.0),
        }),
        ShapeRef::Circle(Circle { radius: 6.0 }),
    ] {
        let half = shape.aabb(&collide_core::Pose::IDENTITY).half_extents.y;
        let mut at = Vec2::new(20.0, 16.0 + half + 0.01);
        for _ in 0..120 {
            let step = move_and_slide(
                shape,
                Rot::IDENTITY,
                at,
                Vec2::new(3.0, -0.5),
                &map,
                &settings,
            );
            at = step.position;
        }
        // On the ledge, whose top is at y = 64, past the ramp's top at x = 176.
        assert!(at.x > 220.0 && at.x < 384.0, "{shape:?} stopped at {at}");
        assert!((at.y - half - 64.0).abs() < 0.1, "{shape:?} at {at}");
    }
}

/// A one-way row stops a body coming down onto it and lets one jumping up from below through.
#[test]
fn a_body_lands_on_a_one_way_row_and_jumps_up_through_it() {
    let map = TileMap::from_rows(
        &["..........", "..====....", "..........", "##########"],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .unwrap();
    let settings = SlideSettings::new(Vec2::Y);
    let body = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    // From the floor (top y = 16) up through the platform (y 32..48) to above it.
    let up = move_and_slide(
        body,
        Rot::IDENTITY,
        Vec2::new(50.0, 23.01),
        Vec2::new(0.0, 40.0),
        &map,
        &settings,
    );
    assert!((up.position.y - 63.01).abs() < 1e-3, "{up:?}");
    assert!(up.contacts().is_empty());
    // Falling back down, it lands on the platform's top.
    let down = move_and_slide(
        body,
        Rot::IDENTITY,
        up.position,
        Vec2::new(0.0, -30.0),
        &map,
        &settings,
    );
    assert!(down.on_floor, "{down:?}");
    assert!((down.position.y - 55.01).abs() < 1e-3, "{down:?}"); // a skin above its top
}

/// Cells too narrow for a slope's hull (one side millions of times the other) still make a
/// map, as before shapes: its slope cells are the boxes of their outlines.
#[test]
fn cells_too_narrow_for_a_hull_make_slopes_boxes() {
    let size = Vec2::new(9e-8, 0.25);
    let map = TileMap::from_rows(&["/a", "##"], size, Vec2::ZERO).unwrap();
    let (shape, at) = map.cell_shape(0, 1).unwrap();
    assert_eq!(
        shape,
        ShapeRef::Rect(Rect {
            half_extents: size * 0.5
        })
    );
    assert_eq!(at.position, map.cell_center(0, 1));
    // The low half-rise cell's outline reaches half way up.
    let (shape, at) = map.cell_shape(1, 1).unwrap();
    let half = Vec2::new(size.x * 0.5, size.y * 0.25);
    assert_eq!(shape, ShapeRef::Rect(Rect { half_extents: half }));
    assert!((at.position.y - (map.cell_min(1, 1).y + size.y * 0.25)).abs() < 1e-7);
}

/// A body resting a skin off the top of a row of half tiles, or a 45° ramp, and moving into
/// it meets it and never ends inside a cell's shape, wherever it stands over their joints.
#[test]
fn resting_starts_on_half_tiles_and_ramps_meet_them_and_never_end_inside() {
    // Half tiles on a floor (tops at y = 24), and a ramp of stacked 45° cells whose face is
    // y = x − 144 from (160, 16) to (256, 112).
    let map = TileMap::from_fn(18, 8, Vec2::splat(16.0), Vec2::ZERO, |x, y| match (x, y) {
        (_, 0) => 1,
        (2..=7, 1) => TileShape::HalfBottom.as_byte(),
        (10..=15, _) if y + 9 == x => TileShape::Slope45UpRight.as_byte(),
        (10..=15, _) if y + 9 < x => 1,
        _ => 0,
    })
    .unwrap();
    let settings = SlideSettings::new(Vec2::Y);
    let skin = settings.skin;
    let body = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let mut rng = collide_testkit::SplitMix64::new(0x70C4);
    let mut met = 0;
    for i in 0..2_000 {
        let (start, normal) = if i % 2 == 0 {
            // Over the half tiles' seams or not.
            let x = 40.0 + 16.0 * rng.index(4) as f32 + rng.range(-6.0, 6.0);
            (Vec2::new(x, 24.0 + 7.0 + skin), Vec2::Y)
        } else {
            // Its bottom-right corner on the ramp's face, over the cells' corners or not.
            let corner_x = rng.range(166.0, 250.0);
            let normal = Vec2::new(-1.0, 1.0).normalize();
            let centre = Vec2::new(corner_x - 5.0, corner_x - 144.0 + 7.0);
            (centre + normal * skin, normal)
        };
        let into = -normal * rng.range(0.1, 30.0) + normal.perp() * rng.range(-20.0, 20.0);
        let step = move_and_slide(body, Rot::IDENTITY, start, into, &map, &settings);
        let pose = collide_core::Pose::from_position(step.position);
        let mut inside = false;
        map.near(&body.aabb(&pose), Layers::ALL, &mut |o| {
            inside |= collide_core::overlaps(ShapeRef::Rect(body), &pose, o.shape, &o.pose);
        });
        assert!(!inside, "{start} by {into}: {step:?}");
        met += usize::from(!step.contacts().is_empty());
    }
    assert_eq!(met, 2_000, "only {met} met the surface");
}

/// In a game with y down, one-way cells set to block from `-y` are landed on from the top of
/// the screen (smaller y) and passed from below, by `move_and_slide`, the map's own sweep and
/// its segment cast alike.
#[test]
fn one_way_cells_block_from_the_side_the_map_names() {
    // Rows as stored: y = 1 holds the platform, y 16..32; with y down its top is y = 16.
    let mut map =
        TileMap::from_rows(&["....", "====", "...."], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    assert_eq!(map.one_way_up(), Vec2::Y);
    assert!(!map.set_one_way_up(Vec2::ZERO) && !map.set_one_way_up(Vec2::NAN));
    assert!(map.set_one_way_up(Vec2::new(0.1, -3.0)));
    assert_eq!(map.one_way_up(), Vec2::NEG_Y);
    let settings = SlideSettings::new(Vec2::NEG_Y);
    let body = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    // Falling (y growing) from above the screen's top of the platform: lands a skin short.
    let fall = move_and_slide(
        body,
        Rot::IDENTITY,
        Vec2::new(24.0, 0.0),
        Vec2::new(0.0, 30.0),
        &map,
        &settings,
    );
    assert!(fall.on_floor, "{fall:?}");
    assert!(
        (fall.position.y - (16.0 - 7.0 - settings.skin)).abs() < 1e-3,
        "{fall:?}"
    );
    // Jumping (y shrinking) from below passes.
    let jump = move_and_slide(
        body,
        Rot::IDENTITY,
        Vec2::new(24.0, 40.0),
        Vec2::new(0.0, -40.0),
        &map,
        &settings,
    );
    assert!(
        jump.contacts().is_empty() && jump.position.y == 0.0,
        "{jump:?}"
    );
    // The map's own queries agree.
    let down =
        collide_core::Motion::new(Vec2::new(24.0, 0.0), Vec2::new(24.0, 30.0), Rot::IDENTITY);
    let hit = map.time_of_impact(body, &down).expect("lands");
    assert_eq!(hit.impact.normal, Vec2::Y);
    let up = collide_core::Motion::new(Vec2::new(24.0, 40.0), Vec2::new(24.0, 0.0), Rot::IDENTITY);
    assert!(map.time_of_impact(body, &up).is_none());
    assert!(map
        .cast_segment(Vec2::new(24.0, 0.0), Vec2::new(24.0, 40.0))
        .is_some());
    assert!(map
        .cast_segment(Vec2::new(24.0, 40.0), Vec2::new(24.0, 0.0))
        .is_none());
}

/// A box hull sliding exactly up a 45° tile from its foot touches it all the way: no hit (it
/// used to be hit at once with a side's normal, and stopped at the foot).
#[test]
fn a_hull_sliding_up_a_slope_from_its_foot_meets_nothing() {
    let map = TileMap::from_rows(&["/."], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let square = collide_core::Hull::from_half_extents(Vec2::splat(8.0)).unwrap();
    let up_the_slope = collide_core::Motion::linear(Vec2::new(-8.0, 8.0), Vec2::new(8.0, 24.0));
    assert_eq!(map.time_of_impact(&square, &up_the_slope), None);
}
