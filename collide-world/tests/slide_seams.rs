//! `move_and_slide` on the seams of a tile map: the map's face rule holds in the slide's
//! search, so a hull's vertex meeting the seam between two cells of a wall slides on the wall
//! as it would along one rectangle, and no contact comes back on a face between two solid
//! cells.

use collide_core::{Circle, Hull, Layers, Pose, Rect, Rot, Shape, ShapeRef};
use collide_testkit::proptest_config as config;
use collide_world::{
    move_and_slide, Obstacle, Obstacles, Slide, SlideSettings, StaticBodies, StaticWorld, TileMap,
};
use glam::Vec2;
use proptest::prelude::*;
use proptest::test_runner::Config;

/// Two 16 × 16 cells stacked at x 0..16, y −1904..−1872: a wall with one seam, at y = −1888.
fn stacked_cells() -> TileMap {
    TileMap::from_rows(&["#", "#"], Vec2::splat(16.0), Vec2::new(0.0, -1904.0)).unwrap()
}

/// The same wall as one rectangle.
fn one_rect() -> [Obstacle<'static>; 1] {
    const WALL: Rect = Rect {
        half_extents: Vec2::new(8.0, 16.0),
    };
    [Obstacle::new(
        0,
        WALL,
        Pose::from_position(Vec2::new(8.0, -1888.0)),
    )]
}

/// The same two cells as static bodies.
fn stacked_bodies() -> StaticBodies {
    let cell = Rect {
        half_extents: Vec2::splat(8.0),
    };
    let mut bodies = StaticBodies::new();
    for y in [-1896.0, -1880.0] {
        let at = Pose::from_position(Vec2::new(8.0, y));
        bodies.add(cell, at, Layers::ALL).unwrap();
    }
    bodies.refresh();
    bodies
}

/// Where `shape` ends moving by `travel` from `from`: on the two cells as a map, as a static
/// world's tiles and as two static bodies, and along one rectangle; every contact on the
/// cells must be the wall's face.
fn ends(shape: ShapeRef<'_>, from: Vec2, travel: Vec2) -> ([Vec2; 3], Vec2) {
    let settings = SlideSettings::new(Vec2::Y);
    let map = stacked_cells();
    let world = StaticWorld::new(stacked_cells());
    let bodies = stacked_bodies();
    let slide =
        |o: &dyn Obstacles| move_and_slide(shape, Rot::IDENTITY, from, travel, o, &settings);
    let (on_map, on_world, on_bodies) = (slide(&map), slide(&world), slide(&bodies));
    let wall = one_rect();
    let rect = slide(&wall.as_slice());
    for c in [&on_map, &on_world, &on_bodies]
        .iter()
        .flat_map(|s| s.contacts())
    {
        assert_eq!(c.normal, Vec2::NEG_X, "{shape:?} {from} {travel}: {c:?}");
    }
    let ends = [on_map.position, on_world.position, on_bodies.position];
    (ends, rect.position)
}

/// A regular hexagon of circumradius 10 (a vertex pointing along −x) whose left vertex meets
/// the seam at (16, −1888) on a long diagonal move: its corner's slanted normal turned the
/// rest of the move 80 units down the wall. It slides on the wall's face and ends where the
/// same move along one rectangle ends.
#[test]
fn a_hexagon_vertex_at_a_wall_seam_slides_on_the_face() {
    let hexagon = Hull::regular(6, 10.0).unwrap();
    let from = Vec2::new(9576.8545, 228.18854);
    let travel = Vec2::new(-9763.198, -2163.3203);
    let (got, rect) = ends((&hexagon).into(), from, travel);
    for end in got {
        assert!(end.distance(rect) < 1e-2, "{got:?} against {rect}");
        // It stops a skin short of the wall and then keeps all of its downward travel.
        assert!((end.x - 26.0).abs() < 0.02 && (end.y - (from.y + travel.y)).abs() < 1e-2);
    }
}

proptest! {
    #![proptest_config(config(2_000, 0x5ea3))]

    /// A regular hull whose vertex meets the wall's seam (exactly, or within a few
    /// thousandths above or below it), slowly or fast, at any slant: it ends where the same
    /// move along one rectangle ends, as a map, as a static world's tiles and as static bodies.
    #[test]
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn a_hull_vertex_meeting_a_seam_slides_as_on_one_face(
        sides in prop::sample::select(vec![3usize, 4, 6, 8]),
        radius in 2.0f32..10.0,
        off in prop_oneof![Just(0.0f32), -3e-3f32..3e-3],
        slope in -1.5f32..1.5,
        (before, after) in (0.01f32..40.0, 0.01f32..40.0),
        scale in prop::sample::select(vec![1.0f32, 10.0, 300.0]),
    ) {
        // The hull turned so that one vertex points along −x.
        let hull = Hull::regular(sides, radius).unwrap();
        let left = hull.vertices().iter().copied().fold(Vec2::X * f32::MAX, |a, v| if v.x < a.x { v } else { a });
        let turn = Rot::from_angle(core::f32::consts::PI - left.to_angle());
        let points: Vec<Vec2> = hull.vertices().iter().map(|v| turn.apply(*v)).collect();
        let hull = Hull::new(&points).unwrap();
        let vertex = turn.apply(left);
        let meet = Vec2::new(16.0, -1888.0 + off);
        let way = Vec2::new(-1.0, -slope);
        let from = meet - way * before * scale - vertex;
        let travel = way * (before + after) * scale;
        let (got, rect) = ends((&hull).into(), from, travel);
        for end in got {
            prop_assert!(end.distance(rect) < 0.02 * scale, "{} {} {}: {:?} against {}", sides, from, travel, got, rect);
        }
    }
}

/// The same at walking speed: the hexagon's vertex meets the seam moving 14 units, and the
/// corner's normal turned the rest of the move 3 units down the wall.
#[test]
fn a_slow_hexagon_vertex_at_a_wall_seam_slides_on_the_face() {
    let hexagon = Hull::regular(6, 10.0).unwrap();
    let from = Vec2::new(29.542679, -1886.4935);
    let travel = Vec2::new(-12.912716, -5.491078);
    let (got, rect) = ends((&hexagon).into(), from, travel);
    for end in got {
        // Where it stops off the wall, the corner's gap may hold it up to half a skin farther.
        assert!(end.distance(rect) < 1e-2, "{got:?} against {rect}");
        assert!((end.y - (from.y + travel.y)).abs() < 1e-4, "{got:?}");
    }
}

/// Whether every contact of `slide` on `map` is on a face the map's own face rule keeps as it
/// is: none on a face between two solid cells, none on a corner where the surface is flat.
fn contacts_on_faces(map: &TileMap, slide: &Slide) -> Result<(), String> {
    for c in slide.contacts() {
        let cell = map.cell_of_index(c.obstacle);
        let ruled = map.face_normal(cell.x, cell.y, c.normal);
        // The rule's normal, up to the rounding of a normal pushed out along a contact.
        if ruled.is_none_or(|n| n.dot(c.normal) < 1.0 - 1e-6) {
            return Err(format!("{c:?} on {cell:?}: the map's rule says {ruled:?}"));
        }
    }
    Ok(())
}

/// A small turned box under the seam of two ceiling cells, moving up and left: the ceiling
/// stops it, and the rounding of its turned corners then met the right face of the cell on
/// the left, which the cell beyond covers: a wall contact on a seam.
#[test]
fn a_turned_box_under_a_ceiling_seam_reports_no_seam_contact() {
    let map = TileMap::from_rows(
        &[
            "#.##.######.#.",
            "###.#.#####.#.",
            ".###..####....",
            "########.#....",
            "..####.##.#.#.",
        ],
        Vec2::new(0.3, 0.7),
        Vec2::new(8.4416, 7.343909),
    )
    .unwrap();
    let hull = Hull::from_half_extents(Vec2::new(0.053_303_45, 0.064_186_64)).unwrap();
    let (turn, from) = (
        Rot::from_angle(2.424_559_8),
        Vec2::new(10.822_081, 7.260_499),
    );
    let travel = Vec2::new(-0.311_019_54, 0.427_564_35);
    let slide = move_and_slide(
        &hull,
        turn,
        from,
        travel,
        &map,
        &SlideSettings::new(Vec2::Y),
    );
    assert!(!slide.contacts().is_empty(), "{slide:?}");
    contacts_on_faces(&map, &slide).unwrap();
    // It keeps all of its travel along the ceiling.
    assert!(slide.on_ceiling && !slide.on_wall, "{slide:?}");
    assert!(
        (slide.position.x - (from.x + travel.x)).abs() < 1e-5,
        "{slide:?}"
    );
}

/// A turned box exactly touching a wall's face, its corner beside the cell's internal bottom
/// face, moving up into the wall: the sweep's normal at the touching start came from that
/// bottom face. The wall's face stops it, and it slides up the wall (no farther from it than
/// its skin).
#[test]
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn a_box_touching_a_wall_moves_along_it_not_into_a_seam() {
    let rows = [".#..#.", ".##.#.", "..#.##", "###..#", "#.##.."];
    let map = TileMap::from_rows(&rows, Vec2::new(9.798_373, 36.068_623), Vec2::ZERO).unwrap();
    let hull = Hull::from_half_extents(Vec2::new(0.377_796_65, 0.181_064_96)).unwrap();
    let turn = Rot::from_angle(Vec2::new(0.032_325_37, -0.999_477_4).to_angle());
    let from = Vec2::new(58.98342, 78.76973);
    let travel = Vec2::new(-11.738_595, 18.649_843);
    let slide = move_and_slide(
        &hull,
        turn,
        from,
        travel,
        &map,
        &SlideSettings::new(Vec2::Y),
    );
    contacts_on_faces(&map, &slide).unwrap();
    assert_eq!(slide.contacts()[0].normal, Vec2::NEG_X, "{slide:?}");
    // Never into the wall; backed off it by the skin at most.
    let off = slide.position.x - from.x;
    assert!((-1e-4..0.02).contains(&off), "{slide:?}");
    assert!(
        (slide.position.y - (from.y + travel.y)).abs() < 1e-3,
        "{slide:?}"
    );
}

/// A random map of `columns` × `rows` cells `cell` in size at `origin`, each solid with
/// probability `density`.
fn random_map(
    columns: u32,
    rows: u32,
    density: f32,
    cell: Vec2,
    origin: Vec2,
    seed: u64,
) -> TileMap {
    let mut rng = collide_testkit::SplitMix64::new(seed);
    TileMap::from_fn(columns, rows, cell, origin, |_, _| {
        u8::from(rng.unit() < density)
    })
    .unwrap()
}

/// A mover `size` across at most: a circle, a turned box hull or a turned regular hull.
fn mover(size: f32) -> impl Strategy<Value = (Shape, Rot)> {
    let turn = prop_oneof![Just(0.0f32), 0.0f32..core::f32::consts::TAU];
    (0usize..4, 0.05f32..1.0, 0.2f32..1.0, 3usize..9, turn).prop_map(
        move |(kind, a, b, sides, turn)| {
            let shape: Shape = match kind {
                0 => Circle { radius: a * size }.into(),
                3 => Rect {
                    half_extents: Vec2::new(a, a * b) * size,
                }
                .into(),
                1 => Hull::from_half_extents(Vec2::new(a, a * b) * size)
                    .unwrap()
                    .into(),
                _ => Hull::regular(sides, a * size).unwrap().into(),
            };
            (shape, Rot::from_angle(turn))
        },
    )
}

/// Where a body of `shape` turned by `turn` stands exactly touching the face of cell `(x, y)`
/// whose outward normal is `out` (an axis), `along` (−1 to 1) of a cell along the face off
/// its middle.
fn touching(
    map: &TileMap,
    (x, y): (u32, u32),
    out: Vec2,
    along: f32,
    shape: ShapeRef<'_>,
    turn: Rot,
) -> Vec2 {
    let face = map.cell_center(x, y) + out * map.cell_size() * 0.5;
    let box_at_origin = shape.aabb(&Pose::new(Vec2::ZERO, turn));
    // The body's extent towards the face: its box's near side.
    let near = if out.x + out.y > 0.0 {
        -box_at_origin.min()
    } else {
        -box_at_origin.max()
    };
    let across = Vec2::new(out.y.abs(), out.x.abs());
    let mut at = face + across * along * map.cell_size();
    if out.x != 0.0 {
        at.x = face.x + near.x;
    } else {
        at.y = face.y + near.y;
    }
    at
}

proptest! {
    #![proptest_config(Config { max_global_rejects: 20_000, ..config(4_000, 0x5ea4) })]

    /// Random maps (cells from a few tenths to 40 units, near and far from the origin) and
    /// circle and hull movers, turned or not, starting exactly touching a face of a random
    /// solid cell (across its seams too) and moving any way, up to a few cells: every contact
    /// `move_and_slide` reports is on a face the map's own rule keeps (none on a face between
    /// two solid cells, none on a corner where the surface is flat).
    #[test]
    fn no_contact_is_on_a_seam(
        (columns, rows, density) in (3u32..16, 3u32..8, 0.2f32..0.8),
        cell in (0.3f32..40.0, 0.3f32..40.0),
        far in prop::sample::select(vec![0.0f32, 10.0, 1e3]),
        origin in (-1.0f32..1.0, -1.0f32..1.0),
        seed in any::<u64>(),
        (shape, turn) in mover(1.0),
        (pick, along, gap) in (0.0f32..1.0, -0.7f32..0.7, prop_oneof![Just(0.0f32), 0.05f32..1.0]),
        travel in (-1.0f32..1.0, -1.0f32..1.0, prop::sample::select(vec![0.1f32, 1.0, 5.0])),
    ) {
        let cell = Vec2::new(cell.0, cell.1);
        let map = random_map(columns, rows, density, cell, Vec2::new(origin.0, origin.1) * far, seed);
        // Scaled to the map's cells.
        let k = cell.min_element();
        let shape = match shape {
            Shape::Circle(c) => Shape::from(Circle { radius: c.radius * k }),
            Shape::Hull(h) => {
                let points: Vec<Vec2> = h.vertices().iter().map(|v| *v * k).collect();
                Hull::new(&points).unwrap().into()
            }
            Shape::Rect(r) => Shape::from(Rect { half_extents: r.half_extents * k }),
        };
        // The exposed faces: a solid cell's side whose neighbour is empty or off the map.
        let sides = [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y];
        let exposed: Vec<((u32, u32), Vec2)> = (0..rows)
            .flat_map(|y| (0..columns).map(move |x| (x, y)))
            .filter(|&(x, y)| map.is_solid(x, y))
            .flat_map(|c| sides.map(|out| (c, out)))
            .filter(|&((x, y), out)| {
                let (nx, ny) = (x as i64 + out.x as i64, y as i64 + out.y as i64);
                nx < 0 || ny < 0 || !map.is_solid(nx as u32, ny as u32)
            })
            .collect();
        prop_assume!(!exposed.is_empty());
        let (at_cell, out) = exposed[(pick * exposed.len() as f32) as usize % exposed.len()];
        let settings = SlideSettings::new(Vec2::Y);
        let mut from = touching(&map, at_cell, out, along, shape.as_shape_ref(), turn);
        // Rounding may put it an ulp inside: out by an ulp at a time, to within rounding.
        for _ in 0..8 {
            if !map.overlaps(shape.as_shape_ref(), &Pose::new(from, turn)) {
                break;
            }
            from += out * (from.abs().max_element() + k) * f32::EPSILON;
        }
        prop_assume!(!map.overlaps(shape.as_shape_ref(), &Pose::new(from, turn)));
        // Touching it, or off it by less than the skin, where a body at rest against it stands.
        from += out * gap * settings.skin;
        let travel = Vec2::new(travel.0, travel.1) * travel.2 * cell.max_element();
        let slide = move_and_slide(shape.as_shape_ref(), turn, from, travel, &map, &settings);
        if let Err(e) = contacts_on_faces(&map, &slide) {
            prop_assert!(false, "{:?} {:?} at {} by {}: {}", shape, turn, from, travel, e);
        }
    }
}
