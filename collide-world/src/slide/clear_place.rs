//! The nearest place clear of everything, for a body that pushes along one contact or one face
//! at a time cannot get out of what it overlaps (pressed into the corner of a floor and a
//! wall, buried among tiles): found in the space of the body's positions, where each obstacle
//! is the set of positions at which the body overlaps it.
//!
//! For a convex body and a convex obstacle that set is convex, and it lies within the
//! half-planes `p · n < c(n)` for every direction `n`, where `c(n)` is how far the obstacle
//! reaches along `n` and the body along `-n`; along the face normals of both (for polygons)
//! those half-planes bound it exactly. Where the body or the obstacle is round, the set's round
//! sides are arcs about the polygon's corners (or the other circle's centre), and a place
//! inside every line is asked of the exact distance ([`arcs`]). The nearest point outside the
//! union of such sets lies on one of their lines or arcs, or where two of them cross: the
//! search tries both, nearest first.

use collide_core::{distance, overlaps, Pose, Rot, ShapeRef};
use glam::Vec2;

use super::one_way;
use super::outcome::SlideContact;
use super::settings::SlideSettings;
use crate::{Obstacle, Obstacles};
use arcs::{arcs_of, clear_of, cuts_into, gap, Arc, ARCS};
use sides::Sides;

mod arcs;
mod sides;

/// The most obstacles the search looks at; more than that near the body, it gives up.
const OBSTACLES: usize = 128;

/// The most places one search asks about (within a frame's budget: a body that stays
/// buried is searched for again each move); a place the obstacle that held the last one
/// still holds counts a quarter.
const CHECKS: usize = 4096;

/// The most lines the search keeps (after those shared by side-by-side tiles).
const LINES: usize = 1024;

/// A side of the positions at which the body overlaps obstacle `id`: the body is clear of it
/// where `q · n ≥ d`, `q` its move from the start.
#[derive(Clone, Copy)]
struct Line {
    n: Vec2,
    d: f32,
    id: u32,
}

impl Line {
    /// Room in an array, before it is filled.
    const NONE: Line = Line {
        n: Vec2::ZERO,
        d: 0.0,
        id: 0,
    };
}

/// The lines of the obstacles near a body, and how many of them each obstacle has; where the
/// body or an obstacle is round, the arcs of its round sides too.
struct Lines<'o, 'b> {
    /// The body, turned, and where it starts.
    body: (ShapeRef<'b>, Rot, Vec2),
    near: [Option<Obstacle<'o>>; OBSTACLES],
    lines: [Line; LINES],
    count: usize,
    arcs: [Arc; ARCS],
    arc_count: usize,
    /// For each obstacle, whether its arcs are kept: a place inside all its lines may still be
    /// clear of it, as its exact distance tells.
    round: [bool; OBSTACLES],
    /// For each obstacle, its first line and one past its last.
    spans: [(usize, usize); OBSTACLES],
    /// For each obstacle, whether a way out may pass through it: the body starts inside it,
    /// or inside one it is joined to (see [`joined`]).
    crossable: [bool; OBSTACLES],
    /// For each obstacle, how deep the body starts in it (at most, where a side is round),
    /// `0` where apart.
    depth: [f32; OBSTACLES],
    obstacles: usize,
    skin: f32,
}

/// The nearest place to `start` that is a skin clear of every obstacle that pushes a body out
/// ([`one_way::pushes_out`]), no farther than `reach` from it, and the contact of the face it
/// was pushed out along there (the one it had to go farther from, where two faces meet);
/// `None` when there is none, or too many obstacles are near to tell.
pub(super) fn nearest_clear_place<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    rotation: Rot,
    start: Vec2,
    reach: f32,
    obstacles: &O,
    settings: &SlideSettings,
) -> Option<SlideContact> {
    let lines = Lines::around(shape, rotation, start, reach, obstacles, settings)?;
    let (q, line) = lines.nearest_clear(reach)?;
    Some(pushed_along(shape, rotation, start + q, line, settings))
}

/// [`nearest_clear_place`] for a body that pushes already got out, to `pushed`: that place
/// where it is nearer, or where `pushed` is not a skin clear of everything and it is no more
/// than a skin farther (out of one floor tile along the corner of the next, the pushes leave
/// a body a hair above that one, where straight up, a skin clear, is as near); `None` where
/// `pushed` stands.
pub(super) fn nearer_clear_place<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    rotation: Rot,
    start: Vec2,
    pushed: Vec2,
    obstacles: &O,
    settings: &SlideSettings,
) -> Option<SlideContact> {
    let way = pushed.distance(start);
    let reach = way + settings.skin;
    let lines = Lines::around(shape, rotation, start, reach, obstacles, settings)?;
    let (q, line) = lines.nearest_clear(reach)?;
    let position = start + q;
    let nearer = position.distance(start) < way;
    (nearer || !lines.clear(pushed - start, &mut 0))
        .then(|| pushed_along(shape, rotation, position, line, settings))
}

/// The contact of a body pushed out to `position` along `line`.
fn pushed_along(
    shape: ShapeRef<'_>,
    rotation: Rot,
    position: Vec2,
    line: Line,
    settings: &SlideSettings,
) -> SlideContact {
    let side = shape.reach(&Pose::new(Vec2::ZERO, rotation), -line.n);
    SlideContact {
        obstacle: line.id,
        point: position - line.n * (side + settings.skin),
        normal: -line.n,
        position,
        surface: settings.surface(-line.n),
    }
}

impl<'o, 'b> Lines<'o, 'b> {
    /// The lines of every obstacle that may overlap the body moved from `start` by no more
    /// than `reach`, a skin beyond each: `None` when there are more than the search holds.
    fn around<O: Obstacles + ?Sized>(
        shape: ShapeRef<'b>,
        rotation: Rot,
        start: Vec2,
        reach: f32,
        obstacles: &'o O,
        settings: &SlideSettings,
    ) -> Option<Self> {
        let pose = Pose::new(start, rotation);
        let area = shape.aabb(&pose).grown(reach + settings.skin);
        let mut lines = Lines {
            body: (shape, rotation, start),
            near: [None; OBSTACLES],
            lines: [Line::NONE; LINES],
            count: 0,
            arcs: [Arc::NONE; ARCS],
            arc_count: 0,
            round: [false; OBSTACLES],
            spans: [(0, 0); OBSTACLES],
            crossable: [false; OBSTACLES],
            depth: [0.0; OBSTACLES],
            obstacles: 0,
            skin: settings.skin,
        };
        let mut fits = true;
        obstacles.near(&area, settings.layers, &mut |o| {
            if fits && one_way::pushes_out(&o) {
                fits = lines.add(&o, settings.skin);
            }
        });
        if !fits {
            return None;
        }
        lines.drop_shared_corners();
        lines.join();
        Some(lines)
    }

    /// Marks as crossable every obstacle joined, one to the next, to one the body is in.
    fn join(&mut self) {
        let mut todo = [0_u8; OBSTACLES];
        let mut count = 0;
        for k in 0..self.obstacles {
            if self.crossable[k] {
                todo[count] = k as u8;
                count += 1;
            }
        }
        while count > 0 {
            count -= 1;
            let Some(from) = self.near[usize::from(todo[count])] else {
                continue;
            };
            for k in 0..self.obstacles {
                let joins = self.near[k].is_some_and(|o| joined(&from, &o));
                if !self.crossable[k] && joins {
                    self.crossable[k] = true;
                    todo[count] = k as u8;
                    count += 1;
                }
            }
        }
    }

    /// Adds obstacle `o`'s lines, and its arcs where it or the body is round; `false` when
    /// the lines do not fit.
    fn add(&mut self, o: &Obstacle<'o>, skin: f32) -> bool {
        if self.obstacles == OBSTACLES {
            return false;
        }
        let (shape, rotation, start) = self.body;
        let first = self.count;
        // Positions from the start: the obstacle where it is from the body.
        let at = Pose::new(o.pose.position - start, o.pose.rotation);
        let body = Pose::new(Vec2::ZERO, rotation);
        let mut fits = true;
        let mut line = |n: Vec2| {
            // Along a direction both shapes share (a box among tiles), one line is enough.
            if self.lines[first..self.count].iter().any(|l| l.n == n) {
                return;
            }
            let d = o.shape.reach(&at, n) + shape.reach(&body, -n) + skin;
            if self.count == LINES || !d.is_finite() {
                fits = false;
                return;
            }
            self.lines[self.count] = Line { n, d, id: o.id };
            self.count += 1;
        };
        normals(o.shape, o.pose.rotation, at.position, &mut |n| line(n));
        normals(shape, rotation, -at.position, &mut |n| line(-n));
        // Round sides have no faces: eight more directions bound them from outside (one
        // alone would be a half-plane, nothing to go round), and their arcs exactly.
        let round = matches!(o.shape, ShapeRef::Circle(_)) || matches!(shape, ShapeRef::Circle(_));
        if round {
            COMPASS.into_iter().for_each(&mut line);
        }
        let k = self.obstacles;
        self.spans[k] = (first, self.count);
        self.round[k] = round && self.add_arcs(o, skin);
        self.near[k] = Some(*o);
        self.obstacles += 1;
        let depth = self.depth_in(k);
        self.depth[k] = depth.max(0.0);
        // In by no more than a skin (pressed onto it, or left within rounding of it), the
        // body is not in it for the way out: it may not go deeper, nor through.
        self.crossable[k] = depth > skin;
        fits
    }

    /// Adds the arcs of `o`'s round sides; `false` (and none of them) where they do not fit.
    fn add_arcs(&mut self, o: &Obstacle<'o>, skin: f32) -> bool {
        let (shape, rotation, start) = self.body;
        let first = self.arc_count;
        let mut fits = true;
        arcs_of(shape, rotation, start, o, skin, &mut |arc| {
            if self.arc_count == ARCS || !(arc.centre.is_finite() && arc.radius.is_finite()) {
                fits = false;
            } else if fits {
                self.arcs[self.arc_count] = arc;
                self.arc_count += 1;
            }
        });
        if !fits {
            self.arc_count = first;
        }
        fits
    }

    /// Drops the arcs about corners that another obstacle shares (tiles side by side, or
    /// corner to corner): the union of the two has no round side there, and such arcs only
    /// fill the search with places inside it. Found by sorting, as a buried body has hundreds.
    fn drop_shared_corners(&mut self) {
        let count = self.arc_count;
        let arcs = &self.arcs[..count];
        let far = self.body.2.abs().max_element();
        let mut order = [0_u16; ARCS];
        for (i, slot) in order.iter_mut().enumerate().take(count) {
            *slot = i as u16;
        }
        let order = &mut order[..count];
        let x = |i: u16| arcs[usize::from(i)].centre.x;
        order.sort_unstable_by(|&i, &j| x(i).total_cmp(&x(j)).then(i.cmp(&j)));
        let mut shared = [false; ARCS];
        for (k, &i) in order.iter().enumerate() {
            let a = arcs[usize::from(i)];
            let rounding = 8.0 * f32::EPSILON * (far + a.centre.abs().max_element());
            for &j in &order[k + 1..] {
                let b = arcs[usize::from(j)];
                if b.centre.x - a.centre.x > rounding {
                    break;
                }
                let same = (b.centre - a.centre).abs().max_element() <= rounding;
                if same && a.corner && b.corner && a.id != b.id {
                    (shared[usize::from(i)], shared[usize::from(j)]) = (true, true);
                }
            }
        }
        let mut kept = 0;
        for (k, &shared) in shared.iter().enumerate().take(count) {
            if !shared {
                self.arcs[kept] = self.arcs[k];
                kept += 1;
            }
        }
        self.arc_count = kept;
    }

    /// How deep the body starts in obstacle `k`, less the skin: by its lines (at most, where
    /// a side is round), or `0` where its exact distance says it is apart.
    fn depth_in(&self, k: usize) -> f32 {
        let (first, last) = self.spans[k];
        let skin = self.skin;
        let depth = self.lines[first..last]
            .iter()
            .map(|l| l.d - skin)
            .fold(f32::INFINITY, f32::min);
        let (shape, rotation, start) = self.body;
        match self.near[k] {
            Some(o) if self.round[k] && apart(shape, rotation, o.pose.position - start, &o) => {
                depth.min(0.0)
            }
            _ => depth,
        }
    }

    /// Whether the move `q` leaves the body clear of every obstacle; where it does not,
    /// `blocker` names the first that holds it.
    fn clear(&self, q: Vec2, blocker: &mut usize) -> bool {
        match (0..self.obstacles).find(|&k| self.holds(k, q)) {
            Some(k) => {
                *blocker = k;
                false
            }
            None => true,
        }
    }

    /// Whether obstacle `k` holds the move `q`: it is inside each of its lines (to the
    /// rounding of `q`), and, where a side is round, by its exact distance.
    fn holds(&self, k: usize, q: Vec2) -> bool {
        let rounding = 4.0 * f32::EPSILON * q.abs().max_element();
        let (first, last) = self.spans[k];
        let outside = self.lines[first..last]
            .iter()
            .any(|l| q.dot(l.n) >= l.d - rounding - 4.0 * f32::EPSILON * l.d.abs());
        let (shape, rotation, start) = self.body;
        let clear_of_round = || {
            let o = self.near[k].filter(|_| self.round[k]);
            o.is_some_and(|o| clear_of(shape, rotation, start, q, &o, self.skin))
        };
        !(outside || clear_of_round())
    }

    /// Whether the straight move `q` passes through an obstacle it may not cross, deeper than
    /// the body starts in it (and rounding): a way out of what the body is in may go on through
    /// the tiles joined to it, never through something apart (across the corner of a tile
    /// under a platform that pressed the body down), nor through a platform turned onto it
    /// by a hair.
    fn cuts_through(&self, q: Vec2) -> bool {
        let rounding = 4.0 * f32::EPSILON * q.abs().max_element();
        let (shape, rotation, start) = self.body;
        let mut kept = (0..self.obstacles).filter(|&k| !self.crossable[k]);
        kept.any(|k| {
            if let Some(o) = self.near[k].filter(|_| self.round[k]) {
                let at = o.pose.position - start;
                return cuts_into(shape, rotation, q, at, &o, self.depth[k] + rounding);
            }
            let (first, last) = self.spans[k];
            // The part of the move deeper inside every one of the obstacle's lines than the
            // body starts, if any.
            let (mut from, mut to) = (0.0_f32, 1.0_f32);
            for l in &self.lines[first..last] {
                let along = q.dot(l.n);
                let d = l.d - self.skin - self.depth[k] - rounding;
                if along > 0.0 {
                    to = to.min(d / along);
                } else if along < 0.0 {
                    from = from.max(d / along);
                } else if d <= 0.0 {
                    return false;
                }
            }
            from < to
        })
    }

    /// The shortest clear move no longer than `reach`, and the line it was pushed out along:
    /// onto one line straight, or else onto the crossing of two (the farther one's, there)
    /// where that is shorter by more than the rounding of where it starts and how far it may
    /// go (a crossing of lines a hair apart, as a hull's bottom tilted by an ulp and a floor,
    /// would put a body sunk into a floor an ulp nearer, and visibly aside).
    ///
    /// Crossings are asked about nearest first, in bands out to an eighth, a quarter, a half
    /// and all of the way: a band holds only the sides that come that near, few for the first,
    /// and the budget of [`CHECKS`] is spent on near places, not on whichever the sides list
    /// first (a tilted box among tiles ran out before it asked about its way out, 7 % nearer).
    fn nearest_clear(&self, reach: f32) -> Option<(Vec2, Line)> {
        let rounding = 16.0 * f32::EPSILON * (self.body.2.abs().max_element() + reach);
        let sides = Sides::distinct(&self.lines[..self.count], &self.arcs[..self.arc_count]);
        let straight = self.nearest_of(sides.onto(), reach, &mut 0);
        let within = straight.map_or(reach, |(q, _)| q.length() - rounding);
        let (mut nearer, mut checks) = (0.0, 0);
        for band in BANDS {
            let farther = within * band;
            let near = sides.within(farther);
            let crossings = near.crossings().filter(|(q, _)| q.length() > nearer);
            if let Some(found) = self.nearest_of(crossings, farther, &mut checks) {
                return Some(found);
            }
            if checks > 4 * CHECKS {
                break;
            }
            nearer = farther;
        }
        straight
    }

    /// The nearest of the `candidates` moves no longer than `reach` that are clear and cut
    /// through nothing; of two as near, the one first by its coordinates, never by the order
    /// the set lists its obstacles. `None` too where `checks` grows past [`CHECKS`] (a body
    /// buried deep in a wide block of tiles, every frame): they count the places asked
    /// about, in quarters.
    fn nearest_of(
        &self,
        candidates: impl Iterator<Item = (Vec2, Line)>,
        reach: f32,
        checks: &mut usize,
    ) -> Option<(Vec2, Line)> {
        let mut best: Option<(Vec2, Line)> = None;
        let (mut shortest, mut blocker) = (reach, 0);
        for (q, line) in candidates {
            let length = q.length();
            if !(length <= shortest && q.is_finite()) {
                continue;
            }
            let later = best.is_some_and(|(b, _)| length == shortest && (q.x, q.y) >= (b.x, b.y));
            if later {
                continue;
            }
            // The obstacle that held the last place most often holds the next: asking it
            // alone counts a quarter of asking them all.
            let held = blocker < self.obstacles && self.holds(blocker, q);
            *checks += if held { 1 } else { 4 };
            if *checks > 4 * CHECKS {
                return None;
            }
            if !held && self.clear(q, &mut blocker) && !self.cuts_through(q) {
                (shortest, best) = (length, Some((q, line)));
            }
        }
        best
    }
}

/// The bands of distance the crossings are searched in, as fractions of the farthest.
const BANDS: [f32; 4] = [0.125, 0.25, 0.5, 1.0];

/// Whether still obstacles `a` and `b` overlap or touch (to the rounding of where they are):
/// parts of one solid, as two tiles side by side are. A moving one joins nothing: a way out of
/// a platform never runs on through the tile it pressed the body against.
fn joined(a: &Obstacle<'_>, b: &Obstacle<'_>) -> bool {
    if a.velocity != Vec2::ZERO || b.velocity != Vec2::ZERO {
        return false;
    }
    let (box_a, box_b) = (a.shape.aabb(&a.pose), b.shape.aabb(&b.pose));
    let far = box_a.max().abs().max(box_b.max().abs()).max_element();
    let rounding = 8.0 * f32::EPSILON * far.max(box_a.min().abs().max_element());
    if !box_a.grown(rounding).overlaps(&box_b) {
        return false;
    }
    let boxes = matches!((a.shape, b.shape), (ShapeRef::Rect(_), ShapeRef::Rect(_)));
    boxes
        || overlaps(a.shape, &a.pose, b.shape, &b.pose)
        || distance(a.shape, &a.pose, b.shape, &b.pose).is_some_and(|d| d.distance <= rounding)
}

/// The eight directions of the compass, for round shapes.
const COMPASS: [Vec2; 8] = [
    Vec2::X,
    Vec2::new(
        core::f32::consts::FRAC_1_SQRT_2,
        core::f32::consts::FRAC_1_SQRT_2,
    ),
    Vec2::Y,
    Vec2::new(
        -core::f32::consts::FRAC_1_SQRT_2,
        core::f32::consts::FRAC_1_SQRT_2,
    ),
    Vec2::NEG_X,
    Vec2::new(
        -core::f32::consts::FRAC_1_SQRT_2,
        -core::f32::consts::FRAC_1_SQRT_2,
    ),
    Vec2::NEG_Y,
    Vec2::new(
        core::f32::consts::FRAC_1_SQRT_2,
        -core::f32::consts::FRAC_1_SQRT_2,
    ),
];

/// Whether the body at the start is apart from `o`, at `at` from it, by their exact distance.
fn apart(shape: ShapeRef<'_>, rotation: Rot, at: Vec2, o: &Obstacle<'_>) -> bool {
    gap(shape, rotation, Vec2::ZERO, at, o).is_some_and(|g| g > 0.0)
}

/// The outward face normals of `shape` turned by `rotation` (a rect's are the axes, as it
/// never turns), or for a circle the way from its centre to the other shape, `toward` from it.
fn normals(shape: ShapeRef<'_>, rotation: Rot, toward: Vec2, visit: &mut dyn FnMut(Vec2)) {
    match shape {
        ShapeRef::Rect(_) => [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y]
            .into_iter()
            .for_each(visit),
        ShapeRef::Hull(h) => h.normals().iter().for_each(|n| visit(rotation.apply(*n))),
        ShapeRef::Circle(_) => visit((-toward).normalize_or(Vec2::Y)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::Rect;

    fn block(id: u32, min: Vec2, max: Vec2) -> Obstacle<'static> {
        let half = Box::leak(Box::new(Rect {
            half_extents: (max - min) * 0.5,
        }));
        Obstacle::new(id, *half, Pose::from_position((min + max) * 0.5))
    }

    /// Pressed into the corner of a floor and a wall, neither face alone is clear (up runs
    /// into the wall, aside into the floor): the nearest clear place is up and aside at once.
    #[test]
    fn a_box_in_a_corner_goes_up_and_aside() {
        let level = [
            block(0, Vec2::new(-10.0, -10.0), Vec2::new(10.0, 0.0)),
            block(1, Vec2::new(-10.0, 0.0), Vec2::new(0.0, 10.0)),
        ];
        let body = Rect {
            half_extents: Vec2::splat(1.0),
        };
        let settings = SlideSettings::new(Vec2::Y);
        let start = Vec2::new(0.5, 0.75);
        let out = nearest_clear_place(
            body.into(),
            Rot::IDENTITY,
            start,
            4.0,
            &level[..],
            &settings,
        );
        let out = out.expect("a way out");
        let skin = settings.skin;
        assert!(
            (out.position - Vec2::new(1.0 + skin, 1.0 + skin)).length() < 1e-5,
            "{out:?}"
        );
        // Not within reach: none.
        let deep = Vec2::new(-5.0, -5.0);
        let none =
            nearest_clear_place(body.into(), Rot::IDENTITY, deep, 2.0, &level[..], &settings);
        assert!(none.is_none());
    }

    /// Over a row of tiles, the corners two tiles share have no round side: only the row's
    /// four outer corners keep their arcs.
    #[test]
    fn shared_corners_keep_no_arcs() {
        let level: Vec<Obstacle<'static>> = (0..3)
            .map(|i| {
                let x = i as f32;
                block(i, Vec2::new(x, -1.0), Vec2::new(x + 1.0, 0.0))
            })
            .collect();
        let ball = collide_core::Circle { radius: 0.5 };
        let settings = SlideSettings::new(Vec2::Y);
        let start = Vec2::new(1.5, 0.25);
        let lines = Lines::around(
            ball.into(),
            Rot::IDENTITY,
            start,
            4.0,
            &level[..],
            &settings,
        );
        let lines = lines.expect("room for three tiles");
        assert_eq!(lines.arc_count, 4);
        let mut corners: Vec<Vec2> = lines.arcs[..4].iter().map(|a| start + a.centre).collect();
        corners.sort_by(|a, b| (a.x, a.y).partial_cmp(&(b.x, b.y)).unwrap());
        let outer = [(0.0, -1.0), (0.0, 0.0), (3.0, -1.0), (3.0, 0.0)];
        for (c, (x, y)) in corners.iter().zip(outer) {
            assert!(c.distance(Vec2::new(x, y)) < 1e-5, "{corners:?}");
        }
    }

    /// More obstacles near than it holds: it gives up rather than answer from some of them.
    #[test]
    fn too_many_obstacles_give_no_answer() {
        let level: Vec<Obstacle<'static>> = (0..=OBSTACLES as u32)
            .map(|i| {
                let x = i as f32;
                block(i, Vec2::new(x, -1.0), Vec2::new(x + 1.0, 0.0))
            })
            .collect();
        let body = Rect {
            half_extents: Vec2::splat(1.0),
        };
        let settings = SlideSettings::new(Vec2::Y);
        let at = Vec2::new(60.0, 0.5);
        let wide =
            nearest_clear_place(body.into(), Rot::IDENTITY, at, 200.0, &level[..], &settings);
        assert!(wide.is_none());
        let near = nearest_clear_place(body.into(), Rot::IDENTITY, at, 2.0, &level[..], &settings);
        assert!((near.unwrap().position.y - (1.0 + settings.skin)).abs() < 1e-5);
    }
}
