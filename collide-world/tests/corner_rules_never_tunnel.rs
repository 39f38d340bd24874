//! The corner rules that let a body resting exactly on a tile walk across a flush joint never
//! let a body through a tile. A first version took any hit near a side's end as at the
//! corner (a tolerance that grows with the travel, 4 % of a small cell at 8 000 units a
//! frame), and read a slope's cell as covered on a side it has no edge on: bodies slid up
//! through a ceiling tile, or ran on past a wall. Each case is an exact input a tester's
//! seeded search found; the check is dense sub-steps along every straight leg of the path.

use collide_core::{contact, Hull, Pose, Rect, Rot, Shape};
use collide_world::{move_and_slide, Slide, SlideSettings, TileMap, TileShape};
use glam::Vec2;

/// Steps per leg of the path.
const STEPS: usize = 4_000;

/// The legs of the path (start, each contact's position, end), each sampled densely: at no
/// step does the body overlap a blocking cell deeper than a thousandth of a cell. Legs no
/// longer than three skins are the back-offs of a stop, placed, not swept: not judged.
fn never_passes_a_tile(map: &TileMap, shape: &Shape, rotation: Rot, start: Vec2, slide: &Slide) {
    let mut points = vec![start];
    points.extend(slide.contacts().iter().map(|c| c.position));
    points.push(slide.position);
    let allowed = 1e-3 * map.cell_size().min_element();
    for leg in points.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        if (b - a).length() <= 3.0 * collide_core::DEFAULT_SKIN {
            continue;
        }
        for k in 0..=STEPS {
            let at = Pose::new(a.lerp(b, k as f32 / STEPS as f32), rotation);
            for y in 0..map.height() {
                for x in 0..map.width() {
                    let one_way = map.shape(x, y) == Some(TileShape::OneWayTop);
                    let Some((cell, pose)) = map.cell_shape(x, y).filter(|_| !one_way) else {
                        continue;
                    };
                    let depth = contact(shape, &at, cell, &pose).map_or(0.0, |c| c.depth);
                    assert!(
                        depth <= allowed,
                        "leg {a} -> {b} passes cell ({x}, {y}) {depth} deep at {}",
                        at.position
                    );
                }
            }
        }
    }
}

fn walk(
    rows: &[&str],
    cell: Vec2,
    origin: Vec2,
    shape: Shape,
    rotation: Rot,
    from: Vec2,
    by: Vec2,
) -> Slide {
    let map = TileMap::from_rows(rows, cell, origin).unwrap();
    let slide = move_and_slide(
        &shape,
        rotation,
        from,
        by,
        &map,
        &SlideSettings::new(Vec2::Y),
    );
    never_passes_a_tile(&map, &shape, rotation, from, &slide);
    slide
}

fn rect(w: f32, h: f32) -> Shape {
    Shape::Rect(Rect {
        half_extents: Vec2::new(w, h),
    })
}

/// A box whose top touches a ceiling slope's lowest vertex, moving up and right: the
/// slope's cell has no bottom side to be covered, and the box does not slide up through it.
#[test]
fn a_box_under_a_ceiling_slope_s_vertex_does_not_pass_up_through_it() {
    walk(
        &["..g#", "]._d", "Td].", "....", "].f]"],
        Vec2::splat(3.108_325_7),
        Vec2::new(-21.896_19, 29.085_451),
        rect(0.776_632_3, 0.415_449_8),
        Rot::IDENTITY,
        Vec2::new(-16.325_325, 41.103_302),
        Vec2::new(8_237.63, 3_898.243_7),
    );
}

/// Fast boxes leaving a slope they touch pass no tile on the way.
#[test]
fn fast_boxes_leaving_a_slope_pass_no_tile() {
    walk(
        &[
            "#.c.#._", ".h..T..", ".c...f.", "._.....", "g....].", "...==]b", "/.#..h.",
        ],
        Vec2::splat(22.978_281),
        Vec2::new(-166.003_46, 209.213_61),
        rect(11.789_591, 3.979_492),
        Rot::IDENTITY,
        Vec2::new(-115.980_51, 339.242_22),
        Vec2::new(-9_184.332, 1_763.836_5),
    );
    walk(
        &[".Q..", "..cd", "..\\h"],
        Vec2::splat(3.177_082_8),
        Vec2::new(57.378_78, -19.511_475),
        rect(1.061_233_2, 2.259_514_6),
        Rot::IDENTITY,
        Vec2::new(72.773_16, -21.373_232),
        Vec2::new(-3_511.111_3, 3_598.783),
    );
    walk(
        &["[.#", "b..", "\\[.", "._.", "].h", ".c\\", "f#."],
        Vec2::new(262.979_28, 382.438_26),
        Vec2::new(-2_637.197_8, -2_727.005_1),
        rect(158.878_83, 100.436_8),
        Rot::IDENTITY,
        Vec2::new(-2_334.208_5, -324.934_9),
        Vec2::new(824.651_9, -5_349.877_4),
    );
}

/// A small turned box at 8 000 units a frame meets a wall 3 % of a cell below its top end:
/// a wall, not the corner (it ran on up past it).
#[test]
fn a_fast_small_hull_meets_a_wall_near_its_end_as_a_wall() {
    let slide = walk(
        &["ecg..[", ".h.hae", ".=g..f"],
        Vec2::new(0.131_446_51, 0.092_512_05),
        Vec2::new(0.657_133_2, -2.495_260_2),
        Shape::Hull(Hull::from_half_extents(Vec2::new(0.041_522_175, 0.033_165_526)).unwrap()),
        Rot::from_angle(2.297_174_2),
        Vec2::new(0.528_399_65, -2.533_515_7),
        Vec2::new(8_064.109, 3_254.734_6),
    );
    let first = slide.contacts().first().expect("it meets the wall");
    assert!(first.position.x < 0.92, "{slide:?}");
}

/// A box touching a slope's cell and moving into it stops at once (it went on 2.2 units).
#[test]
fn a_box_touching_a_tile_and_moving_in_stops_there() {
    let start = Vec2::new(26.332_403, -17.755_186);
    let slide = walk(
        &["e.haa", ".....", "#..\\T"],
        Vec2::splat(2.192_792_4),
        Vec2::new(20.447_681, -21.988_941),
        rect(0.693_654_3, 0.706_368_2),
        Rot::IDENTITY,
        start,
        Vec2::new(29.499_69, -2.938_198_6),
    );
    let first = slide.contacts().first().expect("it meets the tile");
    assert!(
        (first.position - start).length() <= 2.0 * collide_core::DEFAULT_SKIN,
        "{slide:?}"
    );
}
