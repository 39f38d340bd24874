//! Which [`TileShape`] an outline in the unit cell is: the vertices, cleaned of repeats and
//! straight corners, matched against every shape's outline.

use collide_world::TileShape;
use glam::Vec2;

/// How far (in unit cells) a vertex may lie from a shape's corner and still be it: editors
/// store pixels, so a corner of a 16-pixel tile is off by at most rounding.
const NEAR: f32 = 1e-3;

/// The shape whose solid part is the polygon `points` (in the unit cell, either winding), or
/// `None` when none is. A full cell is [`TileShape::Solid`]; one-way cells are not matched
/// (their outline is a full cell's).
pub(crate) fn shape_of_outline(points: &[Vec2]) -> Option<TileShape> {
    let corners = corners(points)?;
    std::iter::once(TileShape::Solid)
        .chain(TileShape::SHAPED.into_iter().filter(|s| !s.is_one_way()))
        .find(|shape| shape.outline().is_some_and(|o| same_corners(o, &corners)))
}

/// The polygon's corners: non-finite points refused, repeated points and points on a
/// straight line between their neighbours dropped.
fn corners(points: &[Vec2]) -> Option<Vec<Vec2>> {
    if points.iter().any(|p| !p.is_finite()) {
        return None;
    }
    let mut kept: Vec<Vec2> = Vec::with_capacity(points.len());
    for &p in points {
        if kept.last().is_none_or(|q| q.distance(p) > NEAR) {
            kept.push(p);
        }
    }
    while kept.len() > 1 && kept[0].distance(kept[kept.len() - 1]) <= NEAR {
        kept.pop();
    }
    let n = kept.len();
    let straight = |i: usize| {
        let (a, b, c) = (kept[(i + n - 1) % n], kept[i], kept[(i + 1) % n]);
        // b lies within NEAR of the line from a to c, between them.
        (b - a).perp_dot(c - b).abs() <= NEAR * (c - a).length() && (b - a).dot(c - b) > 0.0
    };
    let corners: Vec<Vec2> = (0..n).filter(|&i| !straight(i)).map(|i| kept[i]).collect();
    Some(corners)
}

/// Whether two sets of corners are the same points (each near one of the other's).
fn same_corners(outline: &[Vec2], corners: &[Vec2]) -> bool {
    outline.len() == corners.len()
        && outline
            .iter()
            .all(|o| corners.iter().any(|c| c.distance(*o) <= NEAR))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_outline_is_its_own_shape_in_either_winding_with_extra_points() {
        for shape in std::iter::once(TileShape::Solid).chain(TileShape::SHAPED) {
            let outline = shape.outline().unwrap().to_vec();
            let expect = if shape.is_one_way() {
                TileShape::Solid
            } else {
                shape
            };
            assert_eq!(shape_of_outline(&outline), Some(expect), "{shape:?}");
            let mut reversed = outline.clone();
            reversed.reverse();
            assert_eq!(
                shape_of_outline(&reversed),
                Some(expect),
                "{shape:?} reversed"
            );
            // A repeated first point and a midpoint on the first edge change nothing.
            let mut busy = outline.clone();
            busy.insert(1, (outline[0] + outline[1]) * 0.5);
            busy.push(outline[0]);
            assert_eq!(
                shape_of_outline(&busy),
                Some(expect),
                "{shape:?} with extras"
            );
        }
    }

    #[test]
    fn other_polygons_are_no_shape() {
        let v = Vec2::new;
        let quarter = [v(0.0, 0.0), v(0.25, 0.0), v(0.25, 0.25), v(0.0, 0.25)];
        assert_eq!(shape_of_outline(&quarter), None);
        assert_eq!(shape_of_outline(&[]), None);
        assert_eq!(
            shape_of_outline(&[v(f32::NAN, 0.0), v(1.0, 0.0), v(1.0, 1.0)]),
            None
        );
    }
}
