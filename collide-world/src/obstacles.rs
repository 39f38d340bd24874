//! What a kinematic body moves through: the [`Obstacles`] trait, and its plainest form, a
//! slice of [`Obstacle`]s checked one by one.

use collide_core::{overlaps, Aabb, Hit, Impact, Layers, Motion, Pose, ShapeRef};
use glam::Vec2;

use collide_broad::Proxy;

use crate::rect_seams::any_pair;
use crate::WorldHit;

/// The steepest a contact may meet a one-way platform, in radians between the platform's `up`
/// and the surface's own normal (out of the platform), and still be on its solid side: 60°,
/// that angle itself included whatever the rounding of the normal.
/// Wider than any floor (a one-way slope or a ledge met on its corner still holds what lands on
/// it), narrower than a side (whose normal is square to `up`: a body walking into it passes).
pub const ONE_WAY_MAX_ANGLE: f32 = core::f32::consts::FRAC_PI_3;

/// The cosine of [`ONE_WAY_MAX_ANGLE`], less a few ulps: a surface at exactly that angle
/// (a regular hexagon's lower side, which lies at 60° to its bottom) is on the solid side
/// whatever the rounding of its normal.
const ONE_WAY_MIN_COS: f32 = 0.5 - 8.0 * f32::EPSILON;

/// How far from exactly opposite a one-way platform's `up` a contact normal may be for the
/// face it meets to count as a flat top ([`Obstacle::stops_from`]).
const FLAT_TOP: f32 = 1e-6;

/// One static obstacle as a query sees it: an id, a shape where it stands, its layers, and,
/// for platforms, the one side it blocks from and how far it moves this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obstacle<'a> {
    /// The caller's id for it (returned in contacts).
    pub id: u32,
    /// Its shape.
    pub shape: ShapeRef<'a>,
    /// Where it stands.
    pub pose: Pose,
    /// Its layers; a mover interacts with it only where [`Layers::interacts`] says so.
    pub layers: Layers,
    /// `Some(up)` for a one-way platform: a unit vector out of its solid side. It stops only a
    /// body that moves against `up` onto that side from outside it; a body moving any other
    /// way, or partly inside it, passes through. `None` (the default) blocks from every side.
    pub one_way: Option<Vec2>,
    /// How far it moves over the current frame (the same units as a mover's travel): zero for
    /// one that stands still; a moving platform's, which carries what stands on it.
    pub velocity: Vec2,
    /// A sensor (a coin, a trigger zone) is reported where a body meets it but never stops,
    /// turns or pushes anything. `false` (the default) for a solid obstacle.
    pub sensor: bool,
}

impl<'a> Obstacle<'a> {
    /// An obstacle on every layer.
    #[must_use]
    pub fn new(id: u32, shape: impl Into<ShapeRef<'a>>, pose: Pose) -> Self {
        Self {
            id,
            shape: shape.into(),
            pose,
            layers: Layers::ALL,
            one_way: None,
            velocity: Vec2::ZERO,
            sensor: false,
        }
    }

    /// The same obstacle with these layers.
    #[must_use]
    pub fn with_layers(mut self, layers: Layers) -> Self {
        self.layers = layers;
        self
    }

    /// The same obstacle as a one-way platform whose solid side faces `up` (normalized; an
    /// `up` that cannot be leaves it blocking from every side).
    #[must_use]
    pub fn with_one_way(mut self, up: Vec2) -> Self {
        self.one_way = up.try_normalize();
        self
    }

    /// The same obstacle as a sensor: reported where a body meets it, never stopping one.
    #[must_use]
    pub fn with_sensor(mut self, sensor: bool) -> Self {
        self.sensor = sensor;
        self
    }

    /// The same obstacle moving by `velocity` this frame.
    #[must_use]
    pub fn with_velocity(mut self, velocity: Vec2) -> Self {
        self.velocity = velocity;
        self
    }

    /// Whether it stops a body that meets it with contact `normal` (unit, from the body into
    /// it) while moving by `travel`, the body not overlapping it where that move starts (the
    /// caller's test: a body partly inside a one-way platform passes through it).
    ///
    /// An obstacle that blocks from every side stops it always. A one-way platform
    /// ([`one_way`](Self::one_way) `Some(up)`) stops it only on its solid side, moving against
    /// it: the surface's normal (`-normal`) within [`ONE_WAY_MAX_ANGLE`] of `up`, and `travel`
    /// with a part against `up`. A body jumping up through it, walking into its side or landing
    /// beside its edge passes; a NaN normal or travel stops nothing.
    #[must_use]
    pub fn stops(&self, travel: Vec2, normal: Vec2) -> bool {
        match self.one_way {
            None => true,
            Some(up) => -normal.dot(up) >= ONE_WAY_MIN_COS && travel.dot(up) < 0.0,
        }
    }

    /// Whether it stops a body of `shape` that starts a move at `start`, moves by `travel` and
    /// meets it with `impact` (its normal from the body into it): [`stops`](Self::stops), and
    /// for a one-way platform only when the body is above it at `start`: not overlapping it,
    /// or sunk below its top by no more than the rounding of their coordinates (16 times
    /// `f32::EPSILON` times the largest: 0.0055 at 2 900 units) nor `tolerance` (a body
    /// partly inside one passes through it, however it moves, even a hair deep; one resting
    /// on it within rounding does not), and, where it meets a flat top (normal opposite
    /// `up`), reaching no more than `tolerance` below that top's level (the level of the
    /// point met) where it meets it: one that went into a row of pieces from the side passes
    /// the next piece's seam. So a row of one-way pieces side by side (tiles, or bodies) is one
    /// platform: a body passing through one piece passes the next piece's corner too, which a
    /// set's face rule ([`Obstacles::refine_hit`]) gives the top's normal.
    #[must_use]
    pub fn stops_from(
        &self,
        shape: ShapeRef<'_>,
        start: &Pose,
        travel: Vec2,
        impact: &Impact,
        tolerance: f32,
    ) -> bool {
        let Some(up) = self.one_way else {
            return true;
        };
        if !self.stops(travel, impact.normal) || self.sunk_into(shape, start, tolerance) {
            return false;
        }
        let flat = -impact.normal.dot(up) >= 1.0 - FLAT_TOP;
        // The body's least level where it meets the top, against the top's: one that went
        // into a row of pieces from the side meets the next piece's seam well below it.
        let at = Pose::new(start.position + travel * impact.t, start.rotation);
        !flat || -shape.reach(&at, -up) >= impact.point.dot(up) - tolerance
    }

    /// Whether a body of `shape` at `pose` is partly inside this one-way platform, so passes
    /// through it: overlapping it and reaching below its top by more than the rounding of
    /// their coordinates or `tolerance`, whichever is less. Overlapping it no deeper is
    /// resting on it: a turned hull set exactly on the top overlaps it by the rounding of its
    /// turn. A skin deep is not: a character dropping through it by less than its skin a
    /// frame would be put back on top. `false` for an obstacle that blocks from every side.
    pub(crate) fn sunk_into(&self, shape: ShapeRef<'_>, pose: &Pose, tolerance: f32) -> bool {
        let Some(up) = self.one_way else {
            return false;
        };
        let lowest = -shape.reach(pose, -up);
        let top = self.shape.reach(&self.pose, up);
        let depth = rounding(&shape.aabb(pose), top).min(tolerance);
        lowest < top - depth && overlaps(shape, pose, self.shape, &self.pose)
    }

    /// Its bounding box.
    #[must_use]
    pub fn bounds(&self) -> Aabb {
        self.shape.aabb(&self.pose)
    }

    /// The box its path this frame keeps within: its boxes where it stood before it moved
    /// (`pose` less [`velocity`](Self::velocity)) and where it stands.
    #[must_use]
    pub fn path_bounds(&self) -> Aabb {
        let from = Pose::new(self.pose.position - self.velocity, self.pose.rotation);
        self.bounds().union(&self.shape.aabb(&from))
    }
}

/// How deep a body in `body` may sink below a one-way top at level `top` by rounding alone:
/// [`ROUNDING_ULPS`] times `f32::EPSILON` times the largest coordinate of the two.
fn rounding(body: &Aabb, top: f32) -> f32 {
    let reach = body.min().abs().max(body.max().abs()).max_element();
    ROUNDING_ULPS * f32::EPSILON * reach.max(top.abs())
}

/// How many ulps of the largest coordinate [`rounding`] allows.
const ROUNDING_ULPS: f32 = 16.0;

/// A set of static obstacles that can list the ones near a box, and find one by id.
///
/// Two required methods. `near` may list more obstacles than touch `area` (an index lists what
/// shares its cells), but never fewer: every obstacle whose bounds overlap or touch `area`
/// and whose layers interact with `layers` must be visited. Implemented by slices of
/// [`Obstacle`] (every one is checked) and by [`StaticBodies`](crate::StaticBodies) (an index
/// built once).
pub trait Obstacles {
    /// Calls `visit` once with every obstacle that may overlap `area` and interacts with
    /// `layers`. The obstacles borrow from `self`, so a caller may keep them while it holds it.
    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>));

    /// The obstacle with this id, if the set holds one: what a hit on it named.
    fn obstacle(&self, id: u32) -> Option<Obstacle<'_>>;

    /// [`near`](Self::near) for many boxes at once: calls `visit(query, obstacle)` with every
    /// obstacle that may overlap `query.bounds` and interacts with `query.layers`, for each
    /// query in turn. The collision pass asks this once a frame with every body's swept box.
    ///
    /// The default calls `near` for each query; a set that overrides it walks its index for
    /// all of them in one call (no dynamic call per query when the set is a `dyn Obstacles`).
    fn near_each<'s>(&'s self, queries: &[Proxy], visit: &mut dyn FnMut(&Proxy, Obstacle<'s>)) {
        for q in queries {
            self.near(&q.bounds, q.layers, &mut |o| visit(q, o));
        }
    }

    /// The hit the collision pass (or a stop `move_and_slide` found, with no contact) between
    /// `shape`, moving along `motion`, and obstacle `id` (one that [`near`](Self::near)
    /// listed), as this set reports it: `None` when it is no hit on the set.
    ///
    /// The default keeps every hit as it is. A [`TileMap`](crate::TileMap) applies its face
    /// rule ([`TileMap::face_normal`](crate::TileMap::face_normal)): a hit through a face
    /// between two solid cells is dropped, and a hit on a corner where the region is flat gets
    /// the flat face's normal, so bodies in the pass and sliding bodies never catch on the
    /// seams between tiles.
    fn refine_hit(&self, id: u32, shape: ShapeRef<'_>, motion: &Motion, hit: Hit) -> Option<Hit> {
        let _ = (id, shape, motion);
        Some(hit)
    }

    /// [`refine_hit`](Self::refine_hit) for a query that sees only the obstacles `keeps`
    /// keeps (a [`QueryFilter`](crate::QueryFilter) that leaves some out by id or
    /// predicate), as if those left out were gone from the set.
    ///
    /// The default takes the set's answer, and takes the face rule again where obstacles left
    /// out covered a face the hit met ([`refine_hit_among`](crate::refine_hit_among)). A
    /// [`TileMap`](crate::TileMap) applies its face rule to the map with the cells left out
    /// emptied, slopes' slanted edges and vertices included, and
    /// [`StaticBodies`](crate::StaticBodies) its own with only the bodies kept covering a
    /// face.
    fn refine_hit_kept(
        &self,
        id: u32,
        shape: ShapeRef<'_>,
        motion: &Motion,
        hit: Hit,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<Hit> {
        let refined = self.refine_hit(id, shape, motion, hit);
        crate::left_out::exposed_by_left_out(self, id, motion, hit, refined, keeps)
    }

    /// Where a ray from `from` to `to` enters obstacle `o` (one that [`near`](Self::near)
    /// listed), on its outline as this set holds it: the static casts ask this, then the
    /// set's [`refine_hit`](Self::refine_hit).
    ///
    /// The default casts against the obstacle's shape at its pose
    /// ([`cast_ray`](collide_core::cast_ray)). A [`TileMap`](crate::TileMap) casts against a
    /// whole cell's bounds exactly on its grid lines
    /// ([`cast_ray_box`](collide_core::cast_ray_box)): the cell's rect, placed at its rounded
    /// centre, may reach a rounding step past a line, and a laser running exactly along a
    /// floor's top would enter it.
    fn cast_ray_on(&self, o: &Obstacle<'_>, from: Vec2, to: Vec2) -> Option<Impact> {
        collide_core::cast_ray(o.shape, &o.pose, from, to)
    }

    /// Where a point (a body of no size: a zero-radius circle) moving from `from` to `to`
    /// first runs between two of the set's obstacles on `layers` that together stop it where
    /// neither alone does, as the point's hit on the lower id of the two; `None` where it
    /// never does. One-way obstacles stop it only when `one_way` is set (a move that drops
    /// through them clears it).
    ///
    /// Overlap is strict, so a point running exactly along the side both obstacles share
    /// grazes each of them: their own sweeps see no hit, yet the point runs inside the region
    /// they fill. A [`TileMap`](crate::TileMap) answers for a point running exactly along a
    /// grid line between two solid cells (a laser straight down the seam of two floor tiles,
    /// a bullet fired along the line between two stacked wall tiles), with the point's own
    /// direction as the normal ([`TileMap::cast_segment`](crate::TileMap::cast_segment)
    /// meets the same line there). The collision pass, `move_and_slide` and the static casts
    /// ask this of every point that moves.
    ///
    /// The default answers for rects laid edge to edge (two wall bodies stacked, a bullet
    /// fired along the line between them): a point moving exactly along an axis, on the line
    /// where a solid rect on one side and one on the other share a side, meets them where
    /// both begin. Sensors and one-way platforms take no part. It asks [`near`](Self::near)
    /// for a point moving along an axis only: once, or, where more than 16 rects lie on one
    /// side of a long path, once for each of its halves in turn, up to 64 looks in all (about
    /// 500 rects on each side along one path). A crowd denser than that gives no answer.
    fn seam_hit(&self, from: Vec2, to: Vec2, layers: Layers, one_way: bool) -> Option<WorldHit> {
        let _ = one_way;
        crate::rect_seams::rect_seam_hit(self, from, to, layers)
    }

    /// [`seam_hit`](Self::seam_hit) for a query that sees only the obstacles `keeps` keeps,
    /// from `from` to `to`, as if those left out were gone from the set: a seam needs a kept
    /// obstacle on each side.
    ///
    /// The default keeps the set's answer where `keeps` keeps the obstacle it names. A
    /// [`TileMap`](crate::TileMap) looks for the seams of the map with the cells left out
    /// emptied.
    fn seam_hit_kept(
        &self,
        from: Vec2,
        to: Vec2,
        layers: Layers,
        one_way: bool,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<WorldHit> {
        let hit = self.seam_hit(from, to, layers, one_way)?;
        self.obstacle(hit.id)
            .is_some_and(|o| keeps(&o))
            .then_some(hit)
    }

    /// Whether the set surely holds no obstacle, so that the collision pass skips its lookups
    /// altogether. The default says `false` (a set that cannot tell is looked through).
    fn is_empty(&self) -> bool {
        false
    }

    /// Whether some obstacle of the set may be moving this frame (a non-zero
    /// [`velocity`](Obstacle::velocity)): a [`Character`](crate::Character) skips its look for
    /// obstacles that moved into it when the set says `false`. The default says `true` (a set
    /// that cannot tell is looked through); a set that answers `false` must hold only
    /// obstacles with zero velocity.
    fn has_moving(&self) -> bool {
        true
    }

    /// Calls `visit` once with every moving obstacle (a non-zero
    /// [`velocity`](Obstacle::velocity)) that interacts with `layers` and whose path this frame
    /// ([`Obstacle::path_bounds`]) may overlap `area`, wherever it ends: a
    /// [`Character`](crate::Character) asks this for the movers that may have met it, one fast
    /// enough to pass wholly through it included. Like [`near`](Self::near), it may list more
    /// than that, never fewer.
    ///
    /// The default asks `near` for everything (unless [`has_moving`](Self::has_moving) says
    /// nothing moves) and keeps the movers whose path touches `area`; a set that knows which
    /// of its obstacles move overrides it.
    fn movers_near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        if !self.has_moving() {
            return;
        }
        let everywhere = Aabb::new(Vec2::ZERO, Vec2::splat(f32::MAX));
        self.near(&everywhere, layers, &mut |o| {
            if o.velocity != Vec2::ZERO && touches(&o.path_bounds(), area) {
                visit(o);
            }
        });
    }

    /// Whether some obstacle of the set may be a [sensor](Obstacle::sensor): `move_and_slide`
    /// and a [`Character`](crate::Character) skip their look for the sensors along a path
    /// when the set says `false`. The default says `true` (a set that cannot tell is looked
    /// through); a set that answers `false` must hold no sensor.
    fn has_sensors(&self) -> bool {
        true
    }
}

impl Obstacles for [Obstacle<'_>] {
    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        for o in self {
            if o.layers.interacts(layers) && touches(&o.bounds(), area) {
                visit(*o);
            }
        }
    }

    fn is_empty(&self) -> bool {
        <[Obstacle<'_>]>::is_empty(self)
    }

    /// Checks every obstacle's velocity (cheaper than a query, which checks every box).
    fn has_moving(&self) -> bool {
        self.iter().any(|o| o.velocity != Vec2::ZERO)
    }

    fn has_sensors(&self) -> bool {
        self.iter().any(|o| o.sensor)
    }

    /// A linear search: a slice keeps no index by id.
    fn obstacle(&self, id: u32) -> Option<Obstacle<'_>> {
        self.iter().find(|o| o.id == id).copied()
    }

    /// The seams of rects laid edge to edge among those `keeps` keeps.
    fn seam_hit_kept(
        &self,
        from: Vec2,
        to: Vec2,
        layers: Layers,
        _: bool,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<WorldHit> {
        crate::rect_seams::rect_seam_hit_kept(self, (from, to), layers, keeps, any_pair)
    }
}

/// No obstacles at all: the static world of a game that has none (`pass.run(&bodies, &(), …)`).
impl Obstacles for () {
    fn near<'s>(&'s self, _: &Aabb, _: Layers, _: &mut dyn FnMut(Obstacle<'s>)) {}

    fn obstacle(&self, _: u32) -> Option<Obstacle<'_>> {
        None
    }

    fn is_empty(&self) -> bool {
        true
    }

    fn has_moving(&self) -> bool {
        false
    }

    fn movers_near<'s>(&'s self, _: &Aabb, _: Layers, _: &mut dyn FnMut(Obstacle<'s>)) {}

    fn has_sensors(&self) -> bool {
        false
    }
}

impl<T: Obstacles + ?Sized> Obstacles for &T {
    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        (**self).near(area, layers, visit);
    }

    fn obstacle(&self, id: u32) -> Option<Obstacle<'_>> {
        (**self).obstacle(id)
    }

    fn near_each<'s>(&'s self, queries: &[Proxy], visit: &mut dyn FnMut(&Proxy, Obstacle<'s>)) {
        (**self).near_each(queries, visit);
    }

    fn refine_hit(&self, id: u32, shape: ShapeRef<'_>, motion: &Motion, hit: Hit) -> Option<Hit> {
        (**self).refine_hit(id, shape, motion, hit)
    }

    fn refine_hit_kept(
        &self,
        id: u32,
        shape: ShapeRef<'_>,
        motion: &Motion,
        hit: Hit,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<Hit> {
        (**self).refine_hit_kept(id, shape, motion, hit, keeps)
    }

    fn cast_ray_on(&self, o: &Obstacle<'_>, from: Vec2, to: Vec2) -> Option<Impact> {
        (**self).cast_ray_on(o, from, to)
    }

    fn seam_hit(&self, from: Vec2, to: Vec2, layers: Layers, one_way: bool) -> Option<WorldHit> {
        (**self).seam_hit(from, to, layers, one_way)
    }

    fn seam_hit_kept(
        &self,
        from: Vec2,
        to: Vec2,
        layers: Layers,
        one_way: bool,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<WorldHit> {
        (**self).seam_hit_kept(from, to, layers, one_way, keeps)
    }

    fn is_empty(&self) -> bool {
        (**self).is_empty()
    }

    fn has_moving(&self) -> bool {
        (**self).has_moving()
    }

    fn movers_near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        (**self).movers_near(area, layers, visit);
    }

    fn has_sensors(&self) -> bool {
        (**self).has_sensors()
    }
}

/// Whether two boxes overlap or share an edge (the inclusive test: a query must not miss an
/// obstacle that a sweep could reach exactly at its edge).
pub(crate) fn touches(a: &Aabb, b: &Aabb) -> bool {
    a.min().cmple(b.max()).all() && b.min().cmple(a.max()).all()
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::Rect;

    /// The rule's cosine is its angle's, and the angle is where it changes: a contact a
    /// hundredth of a radian inside it stops a body moving against `up`, one outside does not,
    /// nor does any contact while moving level or up; a platform that blocks from every side
    /// stops everything.
    #[test]
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn a_one_way_platform_stops_within_its_angle_moving_against_up() {
        assert!((ONE_WAY_MAX_ANGLE.cos() - ONE_WAY_MIN_COS).abs() < 1e-6);
        let rect = Rect {
            half_extents: Vec2::ONE,
        };
        let up = Vec2::new(0.6, 0.8);
        let solid = Obstacle::new(0, rect, Pose::IDENTITY);
        let one_way = solid.with_one_way(up * 5.0);
        assert_eq!(one_way.one_way, Some(up));
        let down = -up * 3.0 + up.perp();
        for (off, stops) in [(-0.01, true), (-1.0, true), (0.01, false), (1.0, false)] {
            for side in [1.0, -1.0] {
                let turn = side * (ONE_WAY_MAX_ANGLE + off);
                let normal = -Vec2::from_angle(turn).rotate(up);
                assert_eq!(one_way.stops(down, normal), stops, "{off} {side}");
                assert!(!one_way.stops(up.perp(), normal) && !one_way.stops(up, normal));
                assert!(solid.stops(up, normal) && solid.stops(down, -normal));
            }
        }
        assert!(!one_way.stops(down, Vec2::NAN) && !one_way.stops(Vec2::NAN, -up));
        assert_eq!(solid.with_one_way(Vec2::ZERO).one_way, None);
    }
}
