//! The search of one slide: which obstacles near the path to sweep, in which order, and the
//! earliest stops found.

use arrayvec::ArrayVec;
use collide_core::{
    overlaps, skin_tolerance, time_of_impact_with_skin, Aabb, Hit, Layers, Motion, Pose, Rot,
    ShapeRef, SkinImpact,
};
use glam::Vec2;

use super::one_way;
use super::{SlideSettings, SAME_MOMENT};
use crate::obstacles::touches;
use crate::own_normal::{keeps_own_normal, ALONG_ULPS};
use crate::{Obstacle, Obstacles};

/// How many of the earliest stops along one step [`Found`] keeps.
const KEEP: usize = 32;

/// The box of the body of one call wherever it stands: a hull's turned box is found once per
/// call, not once per slide.
#[derive(Clone, Copy)]
pub(super) struct BodyBox<'a> {
    shape: ShapeRef<'a>,
    rotation: Rot,
    /// A hull's box at the origin, as its two corners.
    hull: Option<(Vec2, Vec2)>,
}

impl<'a> BodyBox<'a> {
    pub(super) fn new(shape: ShapeRef<'a>, rotation: Rot) -> Self {
        let hull = match shape {
            ShapeRef::Hull(hull) if rotation.is_identity() => Some(hull.local_corners()),
            ShapeRef::Hull(hull) => {
                let turned = |v: &Vec2| rotation.apply(*v);
                let first = turned(&hull.vertices()[0]);
                let corners = hull.vertices()[1..]
                    .iter()
                    .map(turned)
                    .fold((first, first), |(lo, hi), w| (lo.min(w), hi.max(w)));
                Some(corners)
            }
            _ => None,
        };
        Self {
            shape,
            rotation,
            hull,
        }
    }

    /// The box around the body at `position`, the same as the shape's own `aabb` there: a
    /// hull's box there is its corners at the origin moved by `position`, exactly, since a
    /// rounded sum grows with either term (the smallest of `position + v` is `position +` the
    /// smallest `v`).
    #[inline]
    pub(super) fn at(&self, position: Vec2) -> Aabb {
        match self.hull {
            Some((lo, hi)) => Aabb::from_min_max(position + lo, position + hi),
            None => self.shape.aabb(&Pose::new(position, self.rotation)),
        }
    }
}

/// The earliest stops along one step, with their obstacles: at most [`KEEP`], the latest
/// dropped first (only those within [`SAME_MOMENT`] of the first matter).
#[derive(Default)]
pub(super) struct Found {
    /// The obstacle's id, the stop, and whether its normal is a face's ([`on_a_face`]), in
    /// room that is never cleared: most steps keep one stop or none, and clearing room for
    /// all [`KEEP`] (every slide) cost more than keeping them.
    stops: ArrayVec<(u32, SkinImpact, bool), KEEP>,
    /// The earliest `touch_t` kept, `None` while there is none: the search asks after every
    /// obstacle whether it can stop.
    first: Option<f32>,
    /// The side of a rect that the earliest stop met, when it met one face on: what
    /// [`Found::is_behind_first`] tells rects behind.
    first_side: Option<RectSide>,
    /// The body overlaps an obstacle where it starts (asked on a first slide only).
    pub(super) inside: bool,
    /// A stop was dropped for want of room.
    dropped: bool,
    /// The path met an obstacle's box (grown by the rounding margin) but not its shape.
    grazed: bool,
}

impl Found {
    /// Forgets every stop, for the next step.
    pub(super) fn clear(&mut self) {
        self.stops.clear();
        self.first = None;
        self.first_side = None;
        self.inside = false;
        self.dropped = false;
        self.grazed = false;
    }

    /// Keeps a stop; `side`, the side of a rect it met face on, if it did.
    fn keep(&mut self, obstacle: u32, stop: SkinImpact, on_face: bool, side: Option<RectSide>) {
        let kept = (obstacle, stop, on_face);
        if self.stops.try_push(kept).is_err() {
            self.dropped = true;
            let (latest, at) = self
                .stops
                .iter()
                .enumerate()
                .map(|(i, (_, s, _))| (i, s.impact.t))
                .fold((0, f32::NEG_INFINITY), |a, b| if b.1 > a.1 { b } else { a });
            if stop.impact.t >= at {
                return;
            }
            self.stops[latest] = kept;
        }
        if self.first.is_none_or(|first| stop.impact.t < first) {
            self.first = Some(stop.impact.t);
            self.first_side = side;
        }
    }

    /// Whether the rect whose box is `bounds()` lies wholly behind the side of a rect that the earliest stop
    /// met face on, up to the same line: a body (a polygon, or a circle whose centre was
    /// beside that side when it met it) cannot touch it before it touches that side (it comes
    /// from in front of the line, and the rect lies behind it), and stops a skin
    /// short of that line, so of this rect too. Its sweep could only add another normal at
    /// the same moment (a seam's corner, whose slanted normal would deflect the body), and the
    /// next slide sweeps it again if it is still in the way: a floor's next tile under a box
    /// walking over the seam is not swept.
    fn is_behind_first(&self, bounds: impl FnOnce() -> Aabb) -> bool {
        // The box only when there is a side to hold it against (after the first stop).
        self.first_side
            .is_some_and(|side| side.of(&bounds()).to_bits() == side.at.to_bits())
    }

    pub(super) fn first_touch(&self) -> Option<f32> {
        self.first
    }

    /// Whether the body, moved on to `step`, may be within rounding of an obstacle it does not
    /// stop at: one whose box the path met but whose shape it did not, one it would stop a skin
    /// short of before `step` (it touches later than the stops of the moment `step` belongs
    /// to), or one whose stop was dropped.
    #[inline]
    pub(super) fn may_round_inside(&self, step: f32) -> bool {
        let same_moment = self
            .first
            .map_or(f32::INFINITY, |first| first + SAME_MOMENT);
        self.grazed
            || self.dropped
            || self
                .stops
                .iter()
                .any(|(_, s, _)| s.t < step && s.impact.t > same_moment)
    }

    /// The stops within [`SAME_MOMENT`] of `touch`.
    pub(super) fn touching_at(
        &self,
        touch: f32,
    ) -> impl Iterator<Item = (u32, SkinImpact, bool)> + '_ {
        self.stops
            .iter()
            .copied()
            .filter(move |(_, s, _)| s.impact.t <= touch + SAME_MOMENT)
    }
}

/// The side of a rect that a stop met face on: the line it lies on (a coordinate along `axis`)
/// and whether the rect lies towards larger coordinates (`beyond`) or smaller ones.
#[derive(Clone, Copy, Debug, PartialEq)]
struct RectSide {
    axis: usize,
    beyond: bool,
    at: f32,
}

impl RectSide {
    /// The side of the rect `bounds` that a stop with this `normal` (from the body into it)
    /// met, when the normal is along an axis.
    fn met(bounds: &Aabb, normal: Vec2) -> Option<Self> {
        let axis = match (normal.x == 0.0, normal.y == 0.0) {
            (true, false) => 1,
            (false, true) => 0,
            _ => return None,
        };
        let mut side = Self {
            axis,
            beyond: normal[axis] > 0.0,
            at: 0.0,
        };
        side.at = side.of(bounds);
        Some(side)
    }

    /// The coordinate of the same side of another rect, `bounds`.
    fn of(&self, bounds: &Aabb) -> f32 {
        if self.beyond {
            bounds.min()[self.axis]
        } else {
            bounds.max()[self.axis]
        }
    }
}

/// How many obstacles near one part of a step's path [`sweep_all`] orders by when their boxes
/// meet the body's; any beyond are swept in the order they come.
const ORDERED: usize = 64;

/// How many of those [`StepSweep::sweep_part`] keeps in a small list first (most parts list a
/// tile or two, or none): the room for all [`ORDERED`] is filled only when they overflow it.
const FEW: usize = 8;

/// An obstacle to sweep, with its place in the order ([`key`]): when its box meets the
/// body's, and how far its centre lies from the body's.
type Entry<'s> = Option<((f32, f32), Obstacle<'s>)>;

/// Sweeps the body along `motion` against the obstacles near its path, keeping the stops.
///
/// The obstacles are taken in the order their boxes meet the body's (a lower bound of when
/// the shapes can touch), and the search ends at the first whose box meets it later than the
/// earliest touch found: a fast body passing a whole row of tiles sweeps the one or two it
/// meets first, not every tile along its path. On a `first` slide the path is searched in two
/// parts: first as far as the body's own size, or only until it has closed a few skins along
/// either axis if that comes sooner, where a body pressed into a floor or a wall stops at
/// once, and only then the rest, so that such a body never lists the tiles farther along
/// (nor, walking fast, the next tile or two ahead of it); the first part also tells
/// [`Found::inside`]. A later slide's travel has been
/// clipped off what the body pressed into, so its path is searched in one query.
///
/// `asked` is the step's travel as the slide asked for it, before the end was rounded to a
/// position (`motion` goes to that rounded end): a face it runs along never stops it.
pub(super) fn sweep_all<O: Obstacles + ?Sized>(
    body_box: &BodyBox<'_>,
    motion: &Motion,
    asked: Vec2,
    obstacles: &O,
    settings: &SlideSettings,
    first: bool,
    found: &mut Found,
) {
    // The call's working skin, never below zero (see `move_and_slide`).
    let (layers, skin) = (settings.layers, settings.skin);
    let (shape, body) = (body_box.shape, body_box.at(motion.start));
    let step = StepSweep {
        shape,
        motion,
        asked,
        layers,
        skin,
        body,
        // Only shapes that touch give a stop, so the boxes need only meet, give or take the
        // rounding of their coordinates: a body resting a skin above a floor and moving along
        // it skips every tile of the floor, and the query does not even list them.
        margin: rounding_margin(motion, body.half_extents),
        check_inside: first,
        drop_through: settings.drop_through,
    };
    if body.half_extents == Vec2::ZERO {
        step.keep_seam_stop(obstacles, found);
    }
    let travel = motion.travel().abs();
    let own_size = 2.0 * body.half_extents.max_element() / travel.max_element();
    // A body resting on a surface is within the skin and its tolerance of it: twice that
    // along the axis it presses in on reaches it (a zero part of the travel presses on
    // nothing, and its quotient, infinite, is never the smaller).
    let resting = skin + skin_tolerance(skin, &motion.start_pose(), &motion.end_pose());
    let near_part = own_size.min(4.0 * resting / travel.min_element());
    if !first || near_part.is_nan() || near_part >= 1.0 {
        step.sweep_part(obstacles, (0.0, 1.0), found);
        return;
    }
    step.sweep_part(obstacles, (0.0, near_part), found);
    // Every obstacle left meets the body's box after `near_part`, so none of them can come
    // before a stop found by then (the same test as the search's end, in `sweep_part`).
    if found
        .first_touch()
        .is_some_and(|first| near_part >= first + SAME_MOMENT)
    {
        return;
    }
    step.sweep_part(obstacles, (near_part, 1.0), found);
}

/// One step's sweep: the body, its motion and its box, what it may hit, and the rounding
/// margin of [`rounding_margin`].
struct StepSweep<'s> {
    shape: ShapeRef<'s>,
    motion: &'s Motion,
    /// The travel as asked, before its end was rounded ([`sweep_all`]).
    asked: Vec2,
    layers: Layers,
    skin: f32,
    body: Aabb,
    margin: Vec2,
    /// Whether to ask every obstacle the first part lists whether the body starts inside it.
    check_inside: bool,
    /// Whether one-way platforms are ignored ([`SlideSettings::drop_through`]).
    drop_through: bool,
}

impl StepSweep<'_> {
    /// [`sweep_all`] over the obstacles whose boxes meet the body's box at a time in
    /// `from..=to` (`from` itself only when it is `0`): each obstacle belongs to exactly one
    /// part, whichever parts list it.
    fn sweep_part<O: Obstacles + ?Sized>(
        &self,
        obstacles: &O,
        (from, to): (f32, f32),
        found: &mut Found,
    ) {
        let travel = self.motion.travel();
        let mut few: [Entry<'_>; FEW] = [None; FEW];
        let mut all: Option<[Entry<'_>; ORDERED]> = None;
        let mut count = 0;
        let area = path_area(&self.body, travel, (from, to), self.margin);
        let check_inside = self.check_inside && from == 0.0;
        let centre = self.body.center;
        obstacles.near(&area, self.layers, &mut |o| {
            if !one_way::swept(&o, self.drop_through) {
                return;
            }
            let bounds = o.bounds();
            let solid = one_way::pushes_out(&o);
            if check_inside && solid && !found.inside && touches(&self.body, &bounds) {
                let start = self.motion.start_pose();
                found.inside = overlaps(self.shape, &start, o.shape, &o.pose);
            }
            let Some(bound) = box_entry(&self.body, travel, &bounds, self.margin) else {
                return; // their boxes never meet: neither can the shapes
            };
            if bound > to || (from > 0.0 && bound <= from) {
                return; // another part's
            }
            let entry = Some(((bound, o.pose.position.distance_squared(centre)), o));
            if count < FEW {
                // Kept in order as they come: most parts list a tile or two.
                insert_in_order(&mut few[..=count], entry);
            } else if count < ORDERED {
                let all = all.get_or_insert_with(|| {
                    let mut all = [None; ORDERED];
                    all[..FEW].copy_from_slice(&few);
                    all
                });
                insert_in_order(&mut all[..=count], entry);
            } else {
                self.sweep(obstacles, &o, found);
                return;
            }
            count += 1;
        });
        let ordered = match &all {
            Some(all) => &all[..count],
            None => &few[..count],
        };
        for &((bound, _), o) in ordered.iter().flatten() {
            if found
                .first_touch()
                .is_some_and(|first| bound > first + SAME_MOMENT)
            {
                break;
            }
            if matches!(o.shape, ShapeRef::Rect(_)) && found.is_behind_first(|| o.bounds()) {
                continue;
            }
            self.sweep(obstacles, &o, found);
        }
    }

    /// Keeps the stop of a point (a body of no size) on a seam of the set
    /// ([`Obstacles::seam_hit`]): running exactly between two obstacles it grazes, inside the
    /// region they fill, it stops a skin short of where they both begin (at once from the
    /// corner where they begin). A point that starts between them, inside, is left to the
    /// sweeps.
    fn keep_seam_stop<O: Obstacles + ?Sized>(&self, obstacles: &O, found: &mut Found) {
        let (from, to) = (self.motion.start, self.motion.end);
        let one_way = !self.drop_through;
        let Some(hit) = obstacles.seam_hit(from, to, self.layers, one_way) else {
            return;
        };
        let length = self.motion.travel().length();
        let inside = || {
            obstacles
                .seam_hit(from, from, self.layers, one_way)
                .is_some()
        };
        let moves = length.is_finite() && length > 0.0;
        if !moves || (hit.impact.t == 0.0 && inside()) {
            return;
        }
        // The normal lies along the travel, so each unit of `t` closes `length` of the gap.
        let t = (hit.impact.t - self.skin / length).max(0.0);
        let stop = SkinImpact {
            t,
            gap: (hit.impact.t - t) * length,
            impact: hit.impact,
            started_inside: false,
        };
        found.keep(hit.id, stop, true, None);
    }

    /// Sweeps the body against `o` and keeps the stop, as the set `obstacles` reports it.
    fn sweep<O: Obstacles + ?Sized>(&self, obstacles: &O, o: &Obstacle<'_>, found: &mut Found) {
        let still = Motion::new(o.pose.position, o.pose.position, o.pose.rotation);
        let met = time_of_impact_with_skin(self.shape, self.motion, o.shape, &still, self.skin)
            .map(|m| one_way::met_on_top(self.motion, o, m));
        let stop = met.and_then(|stop| self.refine(obstacles, o.id, stop));
        // A path that met the box but gave no stop may end within rounding of the shape.
        found.grazed |= stop.is_none();
        let blocks =
            |s: &SkinImpact| one_way::blocks(self.shape, self.motion, o, &s.impact, self.skin);
        let Some(mut stop) = stop.filter(blocks) else {
            return;
        };
        if self.runs_along(&stop) {
            match met.filter(|m| self.snapped_from(m, &stop)) {
                Some(m) => stop.impact.normal = m.impact.normal,
                None => {
                    // Only the rounding of the end can bring the body closer: checked there.
                    found.grazed = true;
                    return;
                }
            }
        }
        let on_face = on_a_face(self.shape, self.motion.rotation, o, stop.impact.normal);
        // Only a stop after the start comes from in front of the side it meets. A circle's
        // normal is a face's axis exactly when its centre is beside that face: the tile
        // beyond a floor's seam, whose corner it would meet at the same moment, is then
        // behind the line too. A corner the set gave a face's normal met no side: what lies
        // behind that face's line may still come first.
        let face_on = met.is_some_and(|m| m.impact.normal == stop.impact.normal);
        let side = match o.shape {
            ShapeRef::Rect(_) if stop.impact.t > 0.0 && face_on => {
                RectSide::met(&o.bounds(), stop.impact.normal)
            }
            _ => None,
        };
        found.keep(o.id, stop, on_face, side);
    }

    /// Whether the step, as asked, runs along the surface of `stop` (into it by no more than
    /// [`ALONG_ULPS`] roundings of its length), from outside it. Far from the origin, the end
    /// of a travel clipped to a slanted face rounds across the face by up to an ulp, and a
    /// body within the skin of it stopped at once on every slide, for good.
    fn runs_along(&self, stop: &SkinImpact) -> bool {
        let into = self.asked.dot(stop.impact.normal);
        let rounding = ALONG_ULPS * f32::EPSILON * self.asked.length();
        !stop.started_inside && into <= rounding
    }

    /// Whether the set turned the normal of `met`, one of the body's own faces', onto a
    /// face's axis where the step runs along that face but goes into `met`'s own
    /// ([`keeps_own_normal`]): such a stop keeps the side's normal. A circle has no side: its
    /// normal at a tile's corner, a hair off the face beyond, is the corner's, and the face's
    /// stands (a circle rolling along a slope exactly over its joints).
    fn snapped_from(&self, met: &SkinImpact, stop: &SkinImpact) -> bool {
        let normal = met.impact.normal;
        !met.started_inside
            && has_face(self.shape, self.motion.rotation, normal)
            && keeps_own_normal(
                self.shape,
                self.motion,
                &met.impact,
                stop.impact.normal,
                self.asked,
            )
    }

    /// The stop as the set reports it ([`Obstacles::refine_hit`]): a tile map's face rule
    /// gives a corner where the surface is flat the face's normal, so a hull's vertex meeting
    /// a seam slides on the face, and drops a stop through a face between two solid cells,
    /// which the body can only reach through the rounding of a surface it moves along.
    fn refine<O: Obstacles + ?Sized>(
        &self,
        obstacles: &O,
        id: u32,
        stop: SkinImpact,
    ) -> Option<SkinImpact> {
        let hit = Hit {
            impact: stop.impact,
            contact: None,
            by_sweep: true,
        };
        let refined = obstacles.refine_hit(id, self.shape, self.motion, hit)?;
        Some(SkinImpact {
            impact: refined.impact,
            ..stop
        })
    }
}

/// Whether `normal` (from the body into `obstacle`) is a face normal of either shape: one of
/// the body's own, turned by `rotation`, or one of the obstacle's, reversed. The sweeps give a
/// face's normal exactly where two polygons meet, or a circle meets a rect's face; a circle at
/// a corner gets the direction to it instead.
fn on_a_face(body: ShapeRef<'_>, rotation: Rot, obstacle: &Obstacle<'_>, normal: Vec2) -> bool {
    // The obstacle first: a tile's answer takes two comparisons, a hull body's a turn of
    // each of its normals.
    has_face(obstacle.shape, obstacle.pose.rotation, -normal) || has_face(body, rotation, normal)
}

/// Whether `normal` is the outward normal of one of `shape`'s faces, turned by `turn` (a rect
/// does not turn).
fn has_face(shape: ShapeRef<'_>, turn: Rot, normal: Vec2) -> bool {
    match shape {
        ShapeRef::Circle(_) => false,
        ShapeRef::Rect(_) => normal.x == 0.0 || normal.y == 0.0,
        ShapeRef::Hull(hull) => hull.normals().iter().any(|m| turn.apply(*m) == normal),
    }
}

/// Puts `entry` into `entries`, whose last place is free and the others in order, after every
/// entry whose key is not greater: the order of the search is by when the boxes meet, and among
/// those that meet at once (the tiles a body rests on all meet it at `0`), the nearest to the
/// body's centre first: the tile under a body pressed into a floor, whose side then rules out
/// the tiles beyond the seam ([`Found::is_behind_first`]) before they are swept. Equal keys go
/// by obstacle id, so that the order (and which of two stops at once a slide records first,
/// the floor a character stands on) never depends on the order the set visits them in: two
/// sets holding the same obstacles give the same bits, whatever their history.
fn insert_in_order<'s>(entries: &mut [Entry<'s>], entry: Entry<'s>) {
    let key = |e: &Entry<'s>| e.map_or((f32::INFINITY, 0.0, u32::MAX), |((t, d), o)| (t, d, o.id));
    let new = key(&entry);
    let after = |e: &Entry<'s>| {
        let k = key(e);
        k.0.total_cmp(&new.0)
            .then(k.1.total_cmp(&new.1))
            .then(k.2.cmp(&new.2))
            .is_gt()
    };
    let mut at = entries.len() - 1;
    while at > 0 && after(&entries[at - 1]) {
        entries[at] = entries[at - 1];
        at -= 1;
    }
    entries[at] = entry;
}

/// How far apart, along each axis, the boxes of two shapes that touch may seem through the
/// rounding of their coordinates: eight roundings of the largest coordinate the moving body's
/// box reaches on that axis. Per axis, because a coordinate rounds on its own axis only: far
/// along a floor, the height above it is still known to a small fraction of the skin.
fn rounding_margin(motion: &Motion, half_extents: Vec2) -> Vec2 {
    (motion.start.abs().max(motion.end.abs()) + half_extents) * (8.0 * f32::EPSILON)
}

/// When the box `body`, moving by `travel`, first meets `other` grown by `margin` (touching
/// counts), as a fraction of the travel; `0` when they already overlap, `None` when they never
/// meet. No earlier than the shapes inside the boxes can touch.
#[inline]
fn box_entry(body: &Aabb, travel: Vec2, other: &Aabb, margin: Vec2) -> Option<f32> {
    let p = body.center - other.center;
    let h = body.half_extents + other.half_extents + margin;
    let (mut enter, mut leave) = (0.0f32, 1.0f32);
    for (p, d, h) in [(p.x, travel.x, h.x), (p.y, travel.y, h.y)] {
        if d == 0.0 {
            if p.abs() > h {
                return None;
            }
            continue;
        }
        // A division, not a reciprocal: `0 · inf` cannot arise, so a subnormal travel is fine.
        let (a, b) = ((-h - p) / d, (h - p) / d);
        enter = enter.max(a.min(b));
        leave = leave.min(a.max(b));
    }
    (enter <= leave && enter.is_finite()).then_some(enter)
}

/// The box around the path of the body's box `body` moving by `travel` over the times
/// `from..=to`, grown by twice the rounding `margin` (so that it holds every box
/// [`box_entry`] meets then, whatever the rounding of the positions).
#[inline]
fn path_area(body: &Aabb, travel: Vec2, (from, to): (f32, f32), margin: Vec2) -> Aabb {
    let (lo, hi) = (body.min(), body.max());
    let (a, b) = (travel * from, travel * to);
    Aabb::from_min_max(
        (lo + a).min(lo + b) - 2.0 * margin,
        (hi + a).max(hi + b) + 2.0 * margin,
    )
}
