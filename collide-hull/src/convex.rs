//! The exact convex hull of a frame's solid pixels, on integer pixel corners.

use crate::{AlphaMask, Layout};

/// A pixel corner: `[x, y]` in pixels from a frame's top-left corner, x right, y down.
pub type Point = [i32; 2];

/// `(b − a) × (c − a)`, exact in `i128` (a product of two `i32` differences overflows `i64`):
/// positive when `a → b → c` turns towards positive shoelace area.
#[must_use]
pub(crate) fn cross(a: Point, b: Point, c: Point) -> i128 {
    let d = |p: Point, i: usize| i128::from(p[i]) - i128::from(a[i]);
    d(b, 0) * d(c, 1) - d(b, 1) * d(c, 0)
}

/// Twice the signed shoelace area of a polygon, exact while it fits in `i64` (always, for
/// coordinates within ±2³⁰), saturated at `i64::MIN` or `i64::MAX` beyond: positive for the
/// order collide uses.
#[must_use]
pub fn twice_area(polygon: &[Point]) -> i64 {
    let n = polygon.len();
    let sum: i128 = (0..n)
        .map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % n]);
            i128::from(a[0]) * i128::from(b[1]) - i128::from(a[1]) * i128::from(b[0])
        })
        .sum();
    i64::try_from(sum).unwrap_or(if sum < 0 { i64::MIN } else { i64::MAX })
}

/// The convex hull of `points` by Andrew's monotone chain: vertices in positive-area order
/// (clockwise on a y-down screen), starting at the smallest `(x, y)`, with no duplicate or
/// collinear vertex. Fewer than three distinct non-collinear points give what is left of them
/// (possibly nothing).
#[must_use]
pub fn convex_hull(points: &[Point]) -> Vec<Point> {
    let mut sorted = points.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() < 3 {
        return sorted;
    }
    let mut hull: Vec<Point> = Vec::with_capacity(sorted.len() + 1);
    // Lower chain left to right, then upper chain right to left; `<= 0` drops collinear points.
    for &p in &sorted {
        while hull.len() >= 2 && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0 {
            hull.pop();
        }
        hull.push(p);
    }
    let lower_len = hull.len() + 1;
    for &p in sorted.iter().rev().skip(1) {
        while hull.len() >= lower_len && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0 {
            hull.pop();
        }
        hull.push(p);
    }
    hull.pop(); // the first point again
    hull
}

/// The exact convex hull of frame `index`'s solid pixels, each pixel a full unit square, in the
/// frame's own coordinates; empty when the frame has no solid pixel, or `index` is not one of
/// the layout's frames.
///
/// Only the leftmost and rightmost solid pixel of each row can be on the hull, so only their
/// corners go into the monotone chain.
#[must_use]
pub fn frame_hull(mask: &AlphaMask, layout: &Layout, index: usize) -> Vec<Point> {
    if index >= layout.frame_count() {
        return Vec::new();
    }
    let (ox, oy) = layout.frame_origin(index);
    // Pixels beyond the mask are never solid: only the part of the frame inside it is read.
    let width = layout.frame_width.min(mask.width().saturating_sub(ox));
    let height = layout.frame_height.min(mask.height().saturating_sub(oy));
    let mut corners = Vec::new();
    for y in 0..height {
        let solid = |x: &u32| mask.is_solid(ox + x, oy + y);
        let Some(left) = (0..width).find(solid) else {
            continue;
        };
        let right = (0..width).rev().find(solid).unwrap_or(left);
        let (l, r, top) = (left as i32, right as i32 + 1, y as i32);
        corners.extend_from_slice(&[[l, top], [l, top + 1], [r, top], [r, top + 1]]);
    }
    convex_hull(&corners)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_with_inner_and_collinear_points() {
        let pts = [
            [0, 0],
            [2, 0],
            [1, 0],
            [2, 2],
            [0, 2],
            [1, 1],
            [0, 1],
            [2, 2],
        ];
        let hull = convex_hull(&pts);
        assert_eq!(hull, vec![[0, 0], [2, 0], [2, 2], [0, 2]]);
        assert_eq!(twice_area(&hull), 8);
    }

    #[test]
    fn degenerate_inputs() {
        assert!(convex_hull(&[]).is_empty());
        assert_eq!(convex_hull(&[[1, 1], [1, 1]]), vec![[1, 1]]);
        let line = convex_hull(&[[0, 0], [1, 1], [2, 2]]);
        assert_eq!(line, vec![[0, 0], [2, 2]]);
    }

    #[test]
    fn one_pixel_is_a_unit_square() {
        let mask = AlphaMask::new(
            3,
            3,
            vec![false, false, false, false, true, false, false, false, false],
        )
        .unwrap();
        let layout = Layout::for_image(3, 3, None, None).unwrap();
        let hull = frame_hull(&mask, &layout, 0);
        assert_eq!(hull, vec![[1, 1], [2, 1], [2, 2], [1, 2]]);
        assert_eq!(twice_area(&hull), 2);
    }
}
