//! Every collider and solid tile as a closed outline of points, for debug drawing (the
//! `debug-draw` feature hands them to Bevy's gizmos).

use bevy::math::Vec2;
use collide::TileMap;
use collide_core::{Pose, ShapeRef};

use crate::convert::{to_bevy, CollideVec2};

/// Corners of the polygon a circle is drawn as.
const CIRCLE_SIDES: usize = 24;

/// The outline of `shape` at `pose`, appended to `out` as a closed loop (its first point
/// again at the end). Circles and rects ignore the rotation, as collide's queries do.
pub fn outline(shape: ShapeRef<'_>, pose: Pose, out: &mut Vec<Vec2>) {
    let start = out.len();
    let at = |local: CollideVec2| to_bevy(pose.position + local);
    match shape {
        ShapeRef::Circle(c) => {
            for i in 0..CIRCLE_SIDES {
                let angle = i as f32 / CIRCLE_SIDES as f32 * core::f32::consts::TAU;
                let (sin, cos) = collide_core::math::sin_cos(angle);
                out.push(at(CollideVec2::new(cos, sin) * c.radius));
            }
        }
        ShapeRef::Rect(r) => {
            let h = r.half_extents;
            for corner in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                out.push(at(h * CollideVec2::from(corner)));
            }
        }
        ShapeRef::Hull(hull) => {
            out.extend(hull.vertices().iter().map(|&v| at(pose.rotation.apply(v))));
        }
    }
    if let Some(&first) = out.get(start) {
        out.push(first);
    }
}

/// The outline of every solid cell of `map`, each a closed loop; `loops` gets the end index
/// in `out` of each loop.
pub fn tile_outlines(map: &TileMap, out: &mut Vec<Vec2>, loops: &mut Vec<usize>) {
    for y in 0..map.height() {
        for x in 0..map.width() {
            if let Some((shape, pose)) = map.cell_shape(x, y) {
                outline(shape, pose, out);
                loops.push(out.len());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::{Circle, Hull, Rect, Rot};

    #[test]
    fn a_rect_is_its_four_corners_closed() {
        let rect = Rect {
            half_extents: CollideVec2::new(2.0, 1.0),
        };
        let mut out = Vec::new();
        let pose = Pose::new(CollideVec2::new(10.0, 0.0), Rot::from_angle(1.0));
        outline(ShapeRef::Rect(rect), pose, &mut out);
        let corners = [
            (8.0, -1.0),
            (12.0, -1.0),
            (12.0, 1.0),
            (8.0, 1.0),
            (8.0, -1.0),
        ];
        let expected: Vec<Vec2> = corners.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
        assert_eq!(out, expected);
    }

    #[test]
    fn a_circle_stays_on_its_radius_and_a_hull_turns() {
        let mut out = vec![Vec2::splat(99.0)];
        let circle = ShapeRef::Circle(Circle { radius: 3.0 });
        outline(circle, Pose::from_position(CollideVec2::ONE), &mut out);
        assert_eq!(out.len(), 1 + CIRCLE_SIDES + 1);
        assert!(out[1..]
            .iter()
            .all(|p| (p.distance(Vec2::ONE) - 3.0).abs() < 1e-5));
        let square = Hull::regular(4, 1.0).unwrap();
        let mut turned = Vec::new();
        let quarter = Pose::new(
            CollideVec2::ZERO,
            Rot::from_angle(core::f32::consts::FRAC_PI_2),
        );
        outline(ShapeRef::Hull(&square), quarter, &mut turned);
        for (v, p) in square.vertices().iter().zip(&turned) {
            assert!((Vec2::new(-v.y, v.x) - *p).length() < 1e-5, "{v} → {p}");
        }
    }

    #[test]
    fn only_solid_tiles_are_outlined() {
        let map =
            TileMap::from_rows(&["#.", ".#"], CollideVec2::splat(8.0), CollideVec2::ZERO).unwrap();
        let (mut out, mut loops) = (Vec::new(), Vec::new());
        tile_outlines(&map, &mut out, &mut loops);
        assert_eq!(loops, vec![5, 10]);
        // The bottom row's solid cell is on the right: x from 8 to 16, y from 0 to 8.
        assert!(out[..5].iter().all(|p| p.x >= 8.0 && p.y <= 8.0));
    }
}
