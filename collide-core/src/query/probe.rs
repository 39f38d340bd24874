//! A shape at a pose made ready to be tested against many shapes: what an area query asks of
//! every body its box reaches.

use glam::{Vec2, Vec4};

use super::dispatch::overlaps;
use crate::{Aabb, Hull, Pose, Rect, ShapeRef};

/// A shape placed at a pose, with what its overlap tests share worked out once: its box and,
/// for a hull (of up to eight vertices) or a rect, its vertices and edge normals in the world.
///
/// [`overlaps`](Probe::overlaps) always answers as [`overlaps`](crate::overlaps) with the probe
/// as the first shape. For a hull probe against a rect, and a hull or rect probe against a
/// hull of up to eight vertices, it first runs the separating-axis test in world coordinates
/// with a margin of 64 ulps of the coordinates' scale, many times the rounding of either
/// test: only a pair whose every axis clears the margin (an overlap) or with one axis beyond
/// it (a gap) is decided there. A pair within the margin on some axis, like any other pair,
/// goes to [`overlaps`](crate::overlaps) itself, so touching stays "no overlap" exactly as
/// there, and bad input gets the same answer.
///
/// ```
/// use collide_core::{overlaps, Hull, Pose, Probe, Rect, Rot};
/// use glam::Vec2;
///
/// let hexagon = Hull::regular(6, 12.0)?;
/// let at = Pose::new(Vec2::new(3.0, 4.0), Rot::from_angle(0.3));
/// let probe = Probe::new(&hexagon, &at);
/// let crate_box = Rect { half_extents: Vec2::new(5.0, 5.0) };
/// for x in [0.0, 15.0, 30.0] {
///     let there = Pose::from_position(Vec2::new(x, 4.0));
///     assert_eq!(probe.overlaps(crate_box, &there), overlaps(&hexagon, &at, crate_box, &there));
/// }
/// # Ok::<(), collide_core::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Probe<'a> {
    shape: ShapeRef<'a>,
    pose: Pose,
    aabb: Aabb,
    world: WorldHull,
}

/// A polygon's (a hull's, or a rect's) vertices and edge normals in world coordinates, four
/// per [`Vec4`] lane group, with each edge line's offset along its normal; unused lanes
/// repeat lane 0 of their group. No group (`chunks == 0`) where the world test is not tried.
#[derive(Clone, Debug)]
struct WorldHull {
    vx: [Vec4; WORLD_CHUNKS],
    vy: [Vec4; WORLD_CHUNKS],
    nx: [Vec4; WORLD_CHUNKS],
    ny: [Vec4; WORLD_CHUNKS],
    offset: [Vec4; WORLD_CHUNKS],
    chunks: usize,
    /// How far from the world origin the hull reaches, per coordinate: the scale of the
    /// rounding of every test against it.
    reach: f32,
}

/// The margin, as a multiple of `f32::EPSILON` times the coordinates' scale, beyond which an
/// axis decides: the world test and the local-frame test each round by a few units of it.
const MARGIN_ULPS: f32 = 64.0;

/// The band around zero, for coordinates of `scale`, inside which an axis does not decide.
#[inline(always)]
fn margin(scale: f32) -> f32 {
    scale * (MARGIN_ULPS * f32::EPSILON) + f32::MIN_POSITIVE
}

/// The lane groups of the world test: hulls of up to eight vertices, the usual ones, take
/// it. More would make every probe larger to copy and to set up.
const WORLD_CHUNKS: usize = 2;

/// Beyond this scale the world test is not tried: its margin could overflow.
const FAST_SCALE: f32 = 1e30;

impl<'a> Probe<'a> {
    /// `shape` placed at `pose`, prepared.
    #[inline(always)]
    #[must_use]
    pub fn new(shape: impl Into<ShapeRef<'a>>, pose: &Pose) -> Self {
        let shape = shape.into();
        let (world, aabb) = match shape {
            ShapeRef::Hull(hull) => WorldHull::of(hull, pose),
            ShapeRef::Rect(rect) => (WorldHull::of_rect(&rect, pose), shape.aabb(pose)),
            ShapeRef::Circle(_) => (WorldHull::NONE, shape.aabb(pose)),
        };
        Probe {
            shape,
            pose: *pose,
            aabb,
            world,
        }
    }

    /// The box around the probe's shape at its pose ([`ShapeRef::aabb`]).
    #[must_use]
    pub fn aabb(&self) -> Aabb {
        self.aabb
    }

    /// Whether the probe overlaps `shape` placed at `pose`: exactly
    /// [`overlaps`](crate::overlaps)`(probe's shape, probe's pose, shape, pose)`.
    #[inline]
    #[must_use]
    pub fn overlaps<'b>(&self, shape: impl Into<ShapeRef<'b>>, pose: &Pose) -> bool {
        let shape = shape.into();
        let world = match (self.world.chunks > 0, self.shape, shape) {
            (true, ShapeRef::Hull(_), ShapeRef::Rect(rect)) => {
                self.world.overlaps_rect(&self.aabb, &rect, pose)
            }
            (true, _, ShapeRef::Hull(hull)) => self.world.overlaps_hull(hull, pose),
            _ => None,
        };
        world.unwrap_or_else(|| overlaps(self.shape, &self.pose, shape, pose))
    }
}

impl WorldHull {
    /// No world test.
    const NONE: WorldHull = WorldHull {
        vx: [Vec4::ZERO; WORLD_CHUNKS],
        vy: [Vec4::ZERO; WORLD_CHUNKS],
        nx: [Vec4::ZERO; WORLD_CHUNKS],
        ny: [Vec4::ZERO; WORLD_CHUNKS],
        offset: [Vec4::ZERO; WORLD_CHUNKS],
        chunks: 0,
        reach: 0.0,
    };

    /// `hull` at `pose` in world coordinates, with its box (exactly [`Hull::aabb`]: each
    /// vertex is placed with the same arithmetic), or [`NONE`](Self::NONE) where the world
    /// test is not tried: a pose that is not finite, coordinates beyond [`FAST_SCALE`], or
    /// more vertices than the lanes hold.
    #[inline(always)]
    fn of(hull: &Hull, pose: &Pose) -> (WorldHull, Aabb) {
        let (lo, hi) = hull.local_corners();
        let reach = pose.position.abs().max_element() + 2.0 * lo.abs().max(hi.abs()).max_element();
        let fits = hull.vertices().len() <= 4 * WORLD_CHUNKS;
        if !(fits && pose.is_finite() && reach < FAST_SCALE) {
            return (WorldHull::NONE, hull.aabb(pose));
        }
        let (vertices, normals) = (hull.vertices(), hull.normals());
        let (cos, sin) = (
            Vec4::splat(pose.rotation.cos()),
            Vec4::splat(pose.rotation.sin()),
        );
        let (px, py) = (Vec4::splat(pose.position.x), Vec4::splat(pose.position.y));
        let mut world = WorldHull {
            chunks: vertices.len().div_ceil(4),
            reach,
            ..WorldHull::NONE
        };
        let (mut lo_x, mut lo_y) = (Vec4::INFINITY, Vec4::INFINITY);
        let (mut hi_x, mut hi_y) = (Vec4::NEG_INFINITY, Vec4::NEG_INFINITY);
        for k in 0..world.chunks {
            // A short last group repeats its first lane, which changes no minimum.
            let at = |lane: usize| {
                let i = if 4 * k + lane < vertices.len() {
                    4 * k + lane
                } else {
                    4 * k
                };
                (normals[i], vertices[i])
            };
            let [(n0, v0), (n1, v1), (n2, v2), (n3, v3)] = [at(0), at(1), at(2), at(3)];
            let (nx, ny) = (
                Vec4::new(n0.x, n1.x, n2.x, n3.x),
                Vec4::new(n0.y, n1.y, n2.y, n3.y),
            );
            let (vx, vy) = (
                Vec4::new(v0.x, v1.x, v2.x, v3.x),
                Vec4::new(v0.y, v1.y, v2.y, v3.y),
            );
            // The edge line's offset is turned with it, and moved by the position's share.
            let (wx, wy) = (cos * nx - sin * ny, sin * nx + cos * ny);
            world.nx[k] = wx;
            world.ny[k] = wy;
            world.offset[k] = nx * vx + ny * vy + wx * px + wy * py;
            // As `pose.transform_point`: turned, then moved.
            let (tx, ty) = (cos * vx - sin * vy + px, sin * vx + cos * vy + py);
            world.vx[k] = tx;
            world.vy[k] = ty;
            (lo_x, lo_y, hi_x, hi_y) = (lo_x.min(tx), lo_y.min(ty), hi_x.max(tx), hi_y.max(ty));
        }
        let lo = Vec2::new(lo_x.min_element(), lo_y.min_element());
        let hi = Vec2::new(hi_x.max_element(), hi_y.max_element());
        (world, Aabb::from_min_max(lo, hi))
    }

    /// `rect` at `pose` (unturned, as rects are), or [`NONE`](Self::NONE) where the world
    /// test is not tried: an invalid rect, a pose that is not finite, or coordinates beyond
    /// [`FAST_SCALE`].
    #[inline(always)]
    fn of_rect(rect: &Rect, pose: &Pose) -> WorldHull {
        let (c, h) = (pose.position, rect.half_extents);
        let reach = c.abs().max_element() + h.max_element();
        if !(rect.is_valid() && pose.is_finite() && reach < FAST_SCALE) {
            return WorldHull::NONE;
        }
        // The corners from the least one round, and the normals of the sides from each.
        let vx = Vec4::new(c.x - h.x, c.x + h.x, c.x + h.x, c.x - h.x);
        let vy = Vec4::new(c.y - h.y, c.y - h.y, c.y + h.y, c.y + h.y);
        let (nx, ny) = (
            Vec4::new(0.0, 1.0, 0.0, -1.0),
            Vec4::new(-1.0, 0.0, 1.0, 0.0),
        );
        WorldHull {
            vx: [vx; WORLD_CHUNKS],
            vy: [vy; WORLD_CHUNKS],
            nx: [nx; WORLD_CHUNKS],
            ny: [ny; WORLD_CHUNKS],
            offset: [nx * vx + ny * vy; WORLD_CHUNKS],
            chunks: 1,
            reach,
        }
    }

    /// The separating-axis test against `hull` at `pose`, if every axis clears the margin or
    /// one separates beyond it: the probe's edge normals and the hull's. `None` when the
    /// local-frame test must decide, and for hulls of more vertices than the lanes hold.
    #[inline]
    fn overlaps_hull(&self, hull: &Hull, pose: &Pose) -> Option<bool> {
        let (vertices, normals) = (hull.vertices(), hull.normals());
        let (lo, hi) = hull.local_corners();
        let own = 2.0 * lo.abs().max(hi.abs()).max_element();
        let scale = self.reach + pose.position.abs().max_element() + own;
        if !(vertices.len() <= 4 * WORLD_CHUNKS && pose.is_finite() && scale < FAST_SCALE) {
            return None;
        }
        let margin = margin(scale);
        let mut low = [Vec4::INFINITY; WORLD_CHUNKS];
        let mut least = f32::INFINITY;
        for (&v, &n) in vertices.iter().zip(normals) {
            let w = pose.transform_point(v);
            let (wx, wy) = (Vec4::splat(w.x), Vec4::splat(w.y));
            for (k, low) in low.iter_mut().enumerate().take(self.chunks) {
                *low = low.min(self.nx[k] * wx + self.ny[k] * wy);
            }
            // The hull's edge from `w`: how far the probe reaches below its line.
            let m = pose.rotation.apply(n);
            let (mx, my) = (Vec4::splat(m.x), Vec4::splat(m.y));
            let mut below = Vec4::INFINITY;
            for k in 0..self.chunks {
                below = below.min(mx * self.vx[k] + my * self.vy[k]);
            }
            let overlap = m.dot(w) - below.min_element();
            if overlap < -margin {
                return Some(false);
            }
            least = least.min(overlap);
        }
        // The probe's edges: how far the hull reaches below each line.
        for (k, &low) in low.iter().enumerate().take(self.chunks) {
            let overlap = self.offset[k] - low;
            if overlap.cmplt(Vec4::splat(-margin)).any() {
                return Some(false);
            }
            least = least.min(overlap.min_element());
        }
        (least > margin).then_some(true)
    }

    /// The separating-axis test against an unturned `rect` at `pose`, if every axis clears
    /// the margin or one separates beyond it: the hull's box (the rect's axes) and the hull's
    /// edge normals. `None` when the local-frame test must decide.
    #[inline]
    fn overlaps_rect(&self, aabb: &Aabb, rect: &Rect, pose: &Pose) -> Option<bool> {
        let (c, h) = (pose.position, rect.half_extents);
        let scale = self.reach + c.abs().max_element() + h.max_element();
        // The rect ignores its rotation, but the contact refuses a pose that is not finite.
        // (`max_element` passes over a NaN, so the scale alone would not catch one.)
        if !(rect.is_valid() && pose.is_finite() && scale < FAST_SCALE) {
            return None;
        }
        let margin = margin(scale);
        // The rect's axes: the two boxes' overlap on x and y.
        let (lo, hi) = (aabb.min(), aabb.max());
        let across = (hi - (c - h)).min((c + h) - lo);
        let mut least = across.min_element();
        if least < -margin {
            return Some(false);
        }
        // The hull's axes: how far the rect reaches below each edge line.
        let (cx, cy, hx, hy) = (
            Vec4::splat(c.x),
            Vec4::splat(c.y),
            Vec4::splat(h.x),
            Vec4::splat(h.y),
        );
        for k in 0..self.chunks {
            let (nx, ny) = (self.nx[k], self.ny[k]);
            let low = nx * cx + ny * cy - (nx.abs() * hx + ny.abs() * hy);
            let overlap = self.offset[k] - low;
            if overlap.cmplt(Vec4::splat(-margin)).any() {
                return Some(false);
            }
            least = least.min(overlap.min_element());
        }
        (least > margin).then_some(true)
    }
}
