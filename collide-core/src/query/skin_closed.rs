//! The closed forms [`time_of_impact_with_skin`](super::time_of_impact_with_skin) takes for
//! circles and rects, in place of the general distance query and separating-axis sweep: the
//! gap between two placed shapes, and the axis along which two rects meet.

use glam::Vec2;

use crate::{distance, overlaps, Pose, Rect, ShapeRef};

/// The distance between two placed shapes, `0` when they touch or overlap; `None` when the
/// distance query fails (non-finite input).
///
/// Circles and rects (which ignore rotation) take closed forms: the gap between two boxes
/// along each axis, or from a circle's centre to a box or another centre. Hulls take the
/// general query.
pub(super) fn gap_between(
    a: ShapeRef<'_>,
    pose_a: &Pose,
    b: ShapeRef<'_>,
    pose_b: &Pose,
) -> Option<f32> {
    let d = pose_b.position - pose_a.position;
    let closed = match (a, b) {
        (ShapeRef::Rect(ra), ShapeRef::Rect(rb)) if ra.is_valid() && rb.is_valid() => {
            // As the rect overlap test computes it, so that a gap above zero is exactly a
            // pair that test calls apart.
            let overlap = ra.half_extents + rb.half_extents - d.abs();
            Some(if overlap.x > 0.0 && overlap.y > 0.0 {
                0.0
            } else {
                (-overlap).max(Vec2::ZERO).length()
            })
        }
        (ShapeRef::Circle(c), ShapeRef::Rect(r)) | (ShapeRef::Rect(r), ShapeRef::Circle(c))
            if c.is_valid() && r.is_valid() =>
        {
            let outside = (d.abs() - r.half_extents).max(Vec2::ZERO);
            Some((outside.length() - c.radius).max(0.0))
        }
        (ShapeRef::Circle(ca), ShapeRef::Circle(cb)) if ca.is_valid() && cb.is_valid() => {
            Some((d.length() - ca.radius - cb.radius).max(0.0))
        }
        _ => None,
    };
    if let Some(gap) = closed {
        return (gap.is_finite() && pose_a.is_finite() && pose_b.is_finite()).then_some(gap);
    }
    if overlaps(a, pose_a, b, pose_b) {
        return Some(0.0);
    }
    Some(distance(a, pose_a, b, pose_b)?.distance)
}

/// Along one axis, from `a` to `b`: the gap between the shapes, how fast it closes, the axis.
pub(super) type AxisGap = (f32, f32, Vec2);

/// The gap and the closing speed along each face normal of `b` that two rects can meet on, for
/// `a` at the origin and `b` at `offset`, `a` closing in on `b` by `closing`: the faces of
/// both rects share the four axis directions, so `b`'s (reversed: from `a` to `b`) are all.
///
/// Each gap is computed as the general separating-axis sweep computes it from the rects'
/// corners (the least of `b`'s less the most of `a`'s along the axis), and so is every
/// speed, so the closed form picks the same axis bit for bit. With them, the largest
/// coordinate of either rect's corners (what a near tie is measured by). `None` for an invalid
/// rect.
pub(super) fn rect_axes(
    a: &Rect,
    b: &Rect,
    offset: Vec2,
    closing: Vec2,
) -> Option<([AxisGap; 4], f32)> {
    if !(a.is_valid() && b.is_valid()) {
        return None;
    }
    let (ha, hb) = (a.half_extents, b.half_extents);
    // The largest coordinate of either rect's corners, in the frame centred on `a`.
    let reach = ha.max_element().max((offset.abs() + hb).max_element());
    // `b`'s outward normals are -y, +x, +y, -x; reversed, the axes come +y, -x, -y, +x.
    let axes = [
        (offset.y - hb.y - ha.y, closing.y, Vec2::Y),
        (-(hb.x + offset.x) - ha.x, -closing.x, Vec2::NEG_X),
        (-(hb.y + offset.y) - ha.y, -closing.y, Vec2::NEG_Y),
        (offset.x - hb.x - ha.x, closing.x, Vec2::X),
    ];
    Some((axes, reach))
}
