//! A point running exactly along the side two rects share, one on each side of its line: it
//! enters neither (overlap is strict), yet runs inside the region they fill. Two wall
//! bodies laid edge to edge, a bullet fired along the line between them.

use arrayvec::ArrayVec;
use collide_core::{Aabb, Impact, Layers, ShapeRef};
use glam::Vec2;

use crate::kept::{ByFn, Kept};
use crate::{Obstacle, Obstacles, WorldHit};

/// The most rects on each side of the line one look keeps; a crowd beyond it splits the path.
const ROOM: usize = 16;

/// The most looks one path takes, halving its pieces where a look overflows: enough for about
/// `ROOM · LOOKS / 2` rects on each side spread along it. A denser crowd gives no answer.
const LOOKS: u32 = 64;

/// A rect beside the line: its id, and its span along the line.
type Side = ArrayVec<(u32, f32, f32), ROOM>;

/// A point's straight path along one axis: where it starts and ends, how far it moves, and
/// the axis (0 for x, 1 for y).
struct AxisPath {
    from: Vec2,
    to: Vec2,
    d: Vec2,
    along: usize,
}

impl AxisPath {
    /// Where the point is at `t`, its end exactly at `t = 1`.
    fn at(&self, t: f32) -> Vec2 {
        if t == 1.0 {
            self.to
        } else {
            self.from + self.d * t
        }
    }
}

/// A look found more rects than the budget of looks could split into pieces small enough.
struct Crowded;

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
    rect_seam_hit_where(obstacles, (from, to), layers, any_pair)
}

/// Every pair of rects makes a seam.
pub(crate) fn any_pair(_: u32, _: u32) -> bool {
    true
}

/// [`rect_seam_hit`] among the pairs of rects `pairs` names by their ids (a
/// [`StaticWorld`](crate::StaticWorld) leaves its tiles' seams to its map's own rule, on the
/// cells' exact grid lines).
pub(crate) fn rect_seam_hit_where<O: Obstacles + ?Sized>(
    obstacles: &O,
    (from, to): (Vec2, Vec2),
    layers: Layers,
    pairs: fn(u32, u32) -> bool,
) -> Option<WorldHit> {
    let d = to - from;
    let along = match (d.x == 0.0, d.y == 0.0) {
        (false, true) => 0,
        (true, false) => 1,
        _ => return None,
    };
    if !(from.is_finite() && to.is_finite()) {
        return None;
    }
    let path = AxisPath { from, to, d, along };
    let mut looks = LOOKS;
    let look = Look {
        path: &path,
        layers,
        pairs,
    };
    let (t, id) = first_between(obstacles, &look, (0.0, 1.0), &mut looks).ok()??;
    let mut normal = Vec2::ZERO;
    normal[along] = d[along].signum();
    Some(WorldHit {
        id,
        impact: Impact {
            t,
            point: from + d * t,
            normal,
        },
    })
}

/// [`rect_seam_hit_where`] among the obstacles `keeps` keeps, as if the others were gone: a
/// rect laid against one left out makes no seam with it.
pub(crate) fn rect_seam_hit_kept<O: Obstacles + ?Sized>(
    obstacles: &O,
    path: (Vec2, Vec2),
    layers: Layers,
    keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    pairs: fn(u32, u32) -> bool,
) -> Option<WorldHit> {
    let kept = Kept {
        inner: obstacles,
        keep: ByFn(keeps),
    };
    rect_seam_hit_where(&kept, path, layers, pairs)
}

/// One path's look for seams: the path, the layers it meets, and the pairs that count.
struct Look<'p> {
    path: &'p AxisPath,
    layers: Layers,
    pairs: fn(u32, u32) -> bool,
}

/// The first `(t, id)` of the whole path among the rect pairs beside its piece `t0..t1`.
/// Where one side holds more rects than a look keeps, the piece's halves are looked at in
/// turn: a pair the path enters within a half lies beside that half.
fn first_between<O: Obstacles + ?Sized>(
    obstacles: &O,
    look: &Look<'_>,
    (t0, t1): (f32, f32),
    looks: &mut u32,
) -> Result<Option<(f32, u32)>, Crowded> {
    *looks = looks.checked_sub(1).ok_or(Crowded)?;
    if let Some((below, above)) = sides_beside(obstacles, look.path, (t0, t1), look.layers) {
        return Ok(first_pair(look, &below, &above));
    }
    let mid = t0 + (t1 - t0) * 0.5;
    if !(t0 < mid && mid < t1) {
        return Err(Crowded);
    }
    let first = first_between(obstacles, look, (t0, mid), looks)?;
    if first.is_some_and(|(t, _)| t < mid) {
        return Ok(first);
    }
    let second = first_between(obstacles, look, (mid, t1), looks)?;
    Ok(match (first, second) {
        (Some(a), Some(b)) => Some(if b < a { b } else { a }),
        (a, b) => a.or(b),
    })
}

/// The rects below and above the path's line beside its piece `t0..t1`, or `None` where a
/// side holds more than a look keeps.
fn sides_beside<O: Obstacles + ?Sized>(
    obstacles: &O,
    path: &AxisPath,
    (t0, t1): (f32, f32),
    layers: Layers,
) -> Option<(Side, Side)> {
    let (along, across) = (path.along, 1 - path.along);
    let line = path.from[across];
    let (a, b) = (path.at(t0), path.at(t1));
    let (mut below, mut above) = (Side::new(), Side::new());
    let mut full = false;
    let area = Aabb::from_min_max(a.min(b), a.max(b));
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
    (!full).then_some((below, above))
}

/// The earliest `(t, id)` at which the path enters the overlap of a rect below and one above.
fn first_pair(look: &Look<'_>, below: &Side, above: &Side) -> Option<(f32, u32)> {
    let path = look.path;
    let (p, dv) = (path.from[path.along], path.d[path.along]);
    let mut best: Option<(f32, u32)> = None;
    for &(a, a0, a1) in below {
        for &(b, b0, b1) in above.iter().filter(|b| (look.pairs)(a, b.0)) {
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
    best
}

/// When `p + dv · t` (`t` in `0..1`) first lies strictly inside `(lo, hi)`, or is at its near
/// end heading in; `None` for an empty span or one it never enters before the end.
fn entry(p: f32, dv: f32, lo: f32, hi: f32) -> Option<f32> {
    if lo >= hi {
        return None;
    }
    let near = if dv > 0.0 { lo } else { hi };
    let inside = lo < p && p < hi;
    // `+ 0.0` makes a start on the near end (`0 / -dv = -0.0`) the `+0.0` a hit promises.
    let t = if inside { 0.0 } else { (near - p) / dv + 0.0 };
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

    /// A row of 16-wide rects below the line y = 0, from x = 0 to `16 · n`.
    fn floor_row(n: u32) -> Vec<Obstacle<'static>> {
        (0..n)
            .map(|i| {
                let x = 16.0 * i as f32;
                rect(100 + i, Vec2::new(x, -16.0), Vec2::new(x + 16.0, 0.0))
            })
            .collect()
    }

    #[test]
    fn a_long_row_of_rects_is_looked_at_in_pieces() {
        // 200 rects below the line and one above it near the far end: one look overflows.
        let mut rects = floor_row(200);
        rects.push(rect(7, Vec2::new(3000.0, 0.0), Vec2::new(3016.0, 16.0)));
        let (from, to) = (Vec2::new(-8.0, 0.0), Vec2::new(3208.0, 0.0));
        let hit = rect_seam_hit(&rects[..], from, to, Layers::ALL).expect("the far pair");
        assert_eq!((hit.id, hit.impact.point), (7, Vec2::new(3000.0, 0.0)));
        // Back the other way it meets the same pair at its other end.
        let back = rect_seam_hit(&rects[..], to, from, Layers::ALL).expect("the far pair");
        assert_eq!((back.id, back.impact.point), (7, Vec2::new(3016.0, 0.0)));
        // A second rect above, earlier along the path, is met first.
        rects.push(rect(9, Vec2::new(1600.0, 0.0), Vec2::new(1616.0, 16.0)));
        let first = rect_seam_hit(&rects[..], from, to, Layers::ALL).unwrap();
        assert_eq!(first.impact.point, Vec2::new(1600.0, 0.0));
    }

    #[test]
    fn a_crowd_beyond_every_look_gives_no_answer() {
        // 40 rects below at one place: no piece of the path holds fewer than a look keeps.
        let mut rects: Vec<_> = (0..40)
            .map(|i| rect(i, Vec2::new(0.0, -16.0), Vec2::new(16.0, 0.0)))
            .collect();
        rects.push(rect(99, Vec2::new(0.0, 0.0), Vec2::new(16.0, 16.0)));
        let (from, to) = (Vec2::new(-8.0, 0.0), Vec2::new(24.0, 0.0));
        assert!(rect_seam_hit(&rects[..], from, to, Layers::ALL).is_none());
    }
}
