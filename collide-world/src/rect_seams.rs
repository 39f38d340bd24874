//! A point running exactly along the side two rects share, one on each side of its line: it
//! enters neither (overlap is strict), yet runs inside the region they fill. Two wall
//! bodies laid edge to edge, a bullet fired along the line between them.

use arrayvec::ArrayVec;
use collide_core::{Aabb, Impact, Layers, ShapeRef};
use glam::Vec2;

use crate::{Obstacles, WorldHit};

/// The most rects on each side of the line one look keeps; a crowd beyond it gives no answer.
const ROOM: usize = 16;

/// A rect beside the line: its id, and its span along the line.
type Side = ArrayVec<(u32, f32, f32), ROOM>;

/// Where a point moving from `from` to `to` exactly along an axis first runs between two of
/// `obstacles`' solid rects on `layers` (not sensors, not one-way platforms), one each side of
/// its line, both with a side on the line: as its hit on the lower id of the two, with its
/// own direction as the normal. `None` for any other motion, or where it never does.
pub(crate) fn rect_seam_hit<O: Obstacles + ?Sized>(
    obstacles: &O,
    from: Vec2,
    to: Vec2,
    layers: Layers,
) -> Option<WorldHit> {
    let d = to - from;
    let along = match (d.x == 0.0, d.y == 0.0) {
        (false, true) => 0,
        (true, false) => 1,
        _ => return None,
    };
    let across = 1 - along;
    if !(from.is_finite() && to.is_finite()) {
        return None;
    }
    let line = from[across];
    let (mut below, mut above) = (Side::new(), Side::new());
    let mut full = false;
    let area = Aabb::from_min_max(from.min(to), from.max(to));
    obstacles.near(&area, layers, &mut |o| {
        let ShapeRef::Rect(r) = o.shape else {
            return;
        };
        if o.sensor || o.one_way.is_some() {
            return;
        }
        let b = Aabb::new(o.pose.position, r.half_extents);
        let (lo, hi) = (b.min(), b.max());
        let span = (o.id, lo[along], hi[along]);
        let side = if hi[across] == line {
            &mut below
        } else if lo[across] == line {
            &mut above
        } else {
            return;
        };
        full |= side.try_push(span).is_err();
    });
    if full {
        return None;
    }
    let (p, dv) = (from[along], d[along]);
    let mut best: Option<(f32, u32)> = None;
    for &(a, a0, a1) in &below {
        for &(b, b0, b1) in &above {
            // Where the two spans overlap, the point runs inside both rects' region.
            let (lo, hi) = (a0.max(b0), a1.min(b1));
            let Some(t) = entry(p, dv, lo, hi) else {
                continue;
            };
            let hit = (t, a.min(b));
            if best.is_none_or(|k| hit < k) {
                best = Some(hit);
            }
        }
    }
    let (t, id) = best?;
    let mut normal = Vec2::ZERO;
    normal[along] = dv.signum();
    Some(WorldHit {
        id,
        impact: Impact {
            t,
            point: from + d * t,
            normal,
        },
    })
}

/// When `p + dv · t` (`t` in `0..1`) first lies strictly inside `(lo, hi)`, or is at its near
/// end heading in; `None` for an empty span or one it never enters before the end.
fn entry(p: f32, dv: f32, lo: f32, hi: f32) -> Option<f32> {
    if lo >= hi {
        return None;
    }
    let near = if dv > 0.0 { lo } else { hi };
    let inside = lo < p && p < hi;
    let t = if inside { 0.0 } else { (near - p) / dv };
    (0.0..1.0).contains(&t).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Obstacle;
    use collide_core::{Pose, Rect};

    fn rect(id: u32, min: Vec2, max: Vec2) -> Obstacle<'static> {
        let half = Rect {
            half_extents: (max - min) * 0.5,
        };
        Obstacle::new(id, half, Pose::from_position((min + max) * 0.5))
    }

    #[test]
    fn two_walls_edge_to_edge_meet_a_point_along_their_seam() {
        // Two 16-wide wall bodies stacked: y 0..16 and 16..32, at x 32..48.
        let walls = [
            rect(7, Vec2::new(32.0, 0.0), Vec2::new(48.0, 16.0)),
            rect(3, Vec2::new(32.0, 16.0), Vec2::new(48.0, 32.0)),
        ];
        let (from, to) = (Vec2::new(0.0, 16.0), Vec2::new(64.0, 16.0));
        let hit = rect_seam_hit(&walls[..], from, to, Layers::ALL).unwrap();
        assert_eq!((hit.id, hit.impact.t, hit.impact.normal), (3, 0.5, Vec2::X));
        // Back the other way, and not at all off the line or short of the walls.
        let back = rect_seam_hit(&walls[..], to, from, Layers::ALL).unwrap();
        assert_eq!((back.impact.t, back.impact.normal), (0.25, Vec2::NEG_X));
        let off = Vec2::new(0.0, 16.5);
        assert!(rect_seam_hit(&walls[..], off, to + off - from, Layers::ALL).is_none());
        assert!(rect_seam_hit(&walls[..], from, Vec2::new(32.0, 16.0), Layers::ALL).is_none());
        // Spans that only share an end leave no region between them.
        let apart = [
            walls[0],
            rect(3, Vec2::new(48.0, 16.0), Vec2::new(64.0, 32.0)),
        ];
        assert!(rect_seam_hit(&apart[..], from, to, Layers::ALL).is_none());
    }
}
