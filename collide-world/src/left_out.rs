//! A face the set's own rule calls no face, exposed because a query leaves out what covers it.

use collide_core::{contains_point, Aabb, Hit, Layers, Motion, ShapeRef};
use glam::Vec2;

// A normal within the face rule's share of an axis meets a face, not a corner.
use crate::tiles::faces::SNAP as ALONG_AXIS;
use crate::{Obstacle, Obstacles};

/// [`Obstacles::refine_hit`] for a query that sees only the obstacles `keeps` keeps (a
/// [`QueryFilter`](crate::QueryFilter) that leaves out tiles by id or predicate): the set's
/// [`refine_hit_kept`](Obstacles::refine_hit_kept).
///
/// The set's rule counts every obstacle it holds: it drops a hit through the face between two
/// solid ones (two tiles of a wall) as a seam, and flattens a corner where a neighbour goes
/// on. A [`TileMap`](crate::TileMap) takes its rule on the map with the cells left out
/// emptied, at every face, slope and vertex, and [`StaticBodies`](crate::StaticBodies) its
/// own with only the bodies kept covering a face. Any other set keeps its answer but where a
/// box-shaped obstacle's hit was dropped or flattened, and obstacles the query leaves out
/// covered a face it met: there the rule is taken again with those obstacles empty, a face
/// across which no kept solid obstacle lies is exposed, a corner keeps the normal where both
/// its faces are and the face's where one is. So a door tile left out by id lets a character
/// through the door, not through the wall behind it, and a ball reaching the end of a floor
/// whose next tile is left out rolls off its corner. Each neighbour is read a hair across the
/// face, within the obstacle's side. Grazes, starts inside, and a shaped obstacle's slanted
/// edges and vertices are such a set's own to judge; its sides along the axes are taken as a
/// box's.
pub fn refine_hit_among<O: Obstacles + ?Sized>(
    set: &O,
    id: u32,
    shape: ShapeRef<'_>,
    motion: &Motion,
    hit: Hit,
    keeps: &dyn Fn(&Obstacle<'_>) -> bool,
) -> Option<Hit> {
    set.refine_hit_kept(id, shape, motion, hit, keeps)
}

/// `refined`, the set's answer for `hit` on obstacle `id`, taken again where the set dropped
/// the hit or changed its normal and obstacles `keeps` leaves out covered a face it met: what
/// [`Obstacles::refine_hit_kept`] does unless the set knows better ([`refine_hit_among`]).
pub(crate) fn exposed_by_left_out<O: Obstacles + ?Sized>(
    set: &O,
    id: u32,
    motion: &Motion,
    hit: Hit,
    refined: Option<Hit>,
    keeps: &dyn Fn(&Obstacle<'_>) -> bool,
) -> Option<Hit> {
    let as_met = refined.is_some_and(|r| r.impact.normal == hit.impact.normal);
    let into = hit.impact.t > 0.0 && motion.travel().dot(hit.impact.normal) > 0.0;
    if as_met || !into {
        return refined;
    }
    let Some(on) = set.obstacle(id) else {
        return refined;
    };
    // Only a box's corners are two faces meeting square; a shaped obstacle's sides only.
    let corners = matches!(on.shape, ShapeRef::Rect(_));
    match exposed_normal(set, &on.bounds(), &hit, corners, keeps) {
        Ruled::BySet => refined,
        Ruled::Seam => None,
        Ruled::Normal(normal) => {
            let mut hit = refined.unwrap_or(hit);
            hit.impact.normal = normal;
            Some(hit)
        }
    }
}

/// The face rule taken again with the obstacles a query leaves out as empty.
enum Ruled {
    /// No obstacle left out covers a face the hit met: the set's answer stands.
    BySet,
    /// Kept obstacles cover every face it met: no hit.
    Seam,
    /// The hit, with this normal.
    Normal(Vec2),
}

/// What covers the far side of one face of a box: a kept solid obstacle, or only ones left
/// out, or nothing.
#[derive(Clone, Copy, PartialEq)]
enum Cover {
    Kept,
    LeftOut,
    None,
}

/// The face rule for `hit` on the box `bounds` with the obstacles `keeps` leaves out taken
/// as empty: a face is exposed where no kept solid obstacle lies across it; a corner keeps
/// the normal where both its faces are, the face's where one is.
fn exposed_normal<O: Obstacles + ?Sized>(
    set: &O,
    bounds: &Aabb,
    hit: &Hit,
    corners: bool,
    keeps: &dyn Fn(&Obstacle<'_>) -> bool,
) -> Ruled {
    let n = hit.impact.normal;
    let across = |axis: usize| cover(set, bounds, hit.impact.point, axis, n[axis], keeps);
    let (x, y) = if n.x.abs() <= ALONG_AXIS * n.y.abs() {
        (Cover::Kept, across(1))
    } else if n.y.abs() <= ALONG_AXIS * n.x.abs() {
        (across(0), Cover::Kept)
    } else if corners {
        (across(0), across(1))
    } else {
        return Ruled::BySet;
    };
    if x != Cover::LeftOut && y != Cover::LeftOut {
        return Ruled::BySet;
    }
    match (x != Cover::Kept, y != Cover::Kept) {
        (true, true) => Ruled::Normal(n),
        (true, false) => Ruled::Normal(Vec2::new(n.x.signum(), 0.0)),
        (false, true) => Ruled::Normal(Vec2::new(0.0, n.y.signum())),
        (false, false) => Ruled::Seam,
    }
}

/// What lies a hair across the face of the box `bounds` that a hit with normal component
/// `inward` on `axis` met at `point`: the point moved out of the box across that face, and
/// kept within the box's extent along it.
fn cover<O: Obstacles + ?Sized>(
    set: &O,
    bounds: &Aabb,
    point: Vec2,
    axis: usize,
    inward: f32,
    keeps: &dyn Fn(&Obstacle<'_>) -> bool,
) -> Cover {
    let (lo, hi) = (bounds.min(), bounds.max());
    // A thousandth of the box's smaller half, well past the rounding of the point, but no
    // more than that half (far out, where a tile is a few ulps wide).
    let half = bounds.half_extents.min_element();
    let rounding = 8.0 * f32::EPSILON * point.abs().max_element();
    let step = (1e-3 * half).max(rounding).min(half);
    let other = 1 - axis;
    let mut probe = point;
    probe[axis] = if inward > 0.0 {
        lo[axis] - step
    } else {
        hi[axis] + step
    };
    // Not `clamp`, which panics where rounding puts the two bounds the wrong way round.
    probe[other] = point[other].max(lo[other] + step).min(hi[other] - step);
    if !probe.is_finite() {
        return Cover::None;
    }
    let mut found = Cover::None;
    set.near(
        &Aabb::new(probe, Vec2::splat(step)),
        Layers::ALL,
        &mut |o| {
            let solid = !o.sensor && o.one_way.is_none();
            if solid && found != Cover::Kept && contains_point(o.shape, &o.pose, probe) {
                found = if keeps(&o) {
                    Cover::Kept
                } else {
                    Cover::LeftOut
                };
            }
        },
    );
    found
}
