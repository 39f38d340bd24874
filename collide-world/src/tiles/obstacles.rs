//! A tile map as [`Obstacles`]: one obstacle per solid or shaped cell, its exact shape, so
//! `move_and_slide` walks on it, and the face rule applied to the collision pass's hits.

use collide_core::{
    cast_ray_box, Aabb, Contact, Hit, Impact, Layers, Motion, Pose, ShapeRef, DEFAULT_SKIN,
};
use glam::Vec2;

use super::cells::{AsIs, Cells, KeptCells};
use super::faces::{meets, Face, Meets};
use super::shape::is_shaped;
use super::{TileMap, TileShape};
use crate::obstacles::touches;
use crate::{working_skin, Obstacle, Obstacles, WorldHit};
use collide_broad::Proxy;

/// Each solid or shaped cell under the area is one [`Obstacle`], with its
/// [`cell_index`](TileMap::cell_index) as id and the map's [`layers`](TileMap::layers): its
/// exact shape where it stands ([`TileMap::cell_shape`]: the cell's rectangle at its centre,
/// half of it for a half tile, a hull kept in the map for a slope); a one-way cell's
/// ([`TileShape::OneWayTop`]) blocks only from above, `one_way: Some(Vec2::Y)`. Only the
/// cells whose shape's box touches the area are listed. A sensor cell
/// ([`TileMap::set_sensor_value`]) is listed too, with [`sensor`](Obstacle::sensor) set, after
/// the solid ones; its hits keep their own normals (no face rule: each cell is its own). Listing costs the cells under the area plus a cell of margin each way,
/// whatever the map's size.
///
/// In the collision pass, a hit on a cell's rectangle follows the face rule
/// ([`face_normal`](TileMap::face_normal)), as every query of the map does: a hit through a
/// face between two solid cells is dropped (the neighbour gives the hit on the exposed face),
/// one on a corner where the region is flat gets the flat face's normal, and an end-of-frame
/// contact is the one [`contacts`](TileMap::contacts) gives. So a body in the pass never
/// catches on a seam: see [`Obstacles::refine_hit`].
///
/// ```
/// use collide_world::{move_and_slide, SlideSettings, TileMap};
/// use collide_core::{Rect, Rot};
/// use glam::Vec2;
///
/// let map = TileMap::from_rows(&["......", "######"], Vec2::splat(16.0), Vec2::ZERO)?;
/// let body = Rect { half_extents: Vec2::new(5.0, 7.0) };
/// let settings = SlideSettings::new(Vec2::Y);
/// // Resting on the floor (its top at y = 16), walking right across two seams.
/// let step = move_and_slide(body, Rot::IDENTITY, Vec2::new(10.0, 23.005), Vec2::new(40.0, -1.0), &map, &settings);
/// assert!(step.on_floor && !step.on_wall);
/// assert!((step.position.x - 50.0).abs() < 1e-4);
/// # Ok::<(), collide_world::Error>(())
/// ```
impl Obstacles for TileMap {
    fn obstacle(&self, id: u32) -> Option<Obstacle<'_>> {
        if id as usize >= self.cells().len() {
            return None;
        }
        let cell = self.cell_of_index(id);
        self.shaped_obstacle(cell.x, cell.y)
            .or_else(|| self.sensor_obstacle(cell.x, cell.y))
    }

    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        if self.layers().interacts(layers) {
            let scale = self.scale();
            self.cells_near(area, &scale, &mut *visit);
            self.sensor_cells_near(area, &scale, visit);
        }
    }

    /// A map's cells never move.
    fn has_moving(&self) -> bool {
        false
    }

    fn movers_near<'s>(&'s self, _: &Aabb, _: Layers, _: &mut dyn FnMut(Obstacle<'s>)) {}

    /// Counted as values are made sensors and cells set.
    fn has_sensors(&self) -> bool {
        self.has_sensor_cells()
    }

    fn near_each<'s>(&'s self, queries: &[Proxy], visit: &mut dyn FnMut(&Proxy, Obstacle<'s>)) {
        let scale = self.scale();
        for q in queries {
            if self.layers().interacts(q.layers) {
                self.cells_near(&q.bounds, &scale, |o| visit(q, o));
                self.sensor_cells_near(&q.bounds, &scale, |o| visit(q, o));
            }
        }
    }

    fn refine_hit(&self, id: u32, shape: ShapeRef<'_>, motion: &Motion, hit: Hit) -> Option<Hit> {
        self.refine_among(&AsIs, id, shape, motion, hit)
    }

    /// The face rule taken on the map with the cells `keeps` leaves out emptied, so that a
    /// filtered query answers as the same query on that map: every face, slanted edge and
    /// vertex beside a cell left out is ruled as beside an empty cell.
    fn refine_hit_kept(
        &self,
        id: u32,
        shape: ShapeRef<'_>,
        motion: &Motion,
        hit: Hit,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<Hit> {
        self.refine_among(&KeptCells { keeps }, id, shape, motion, hit)
    }

    fn seam_hit(&self, from: Vec2, to: Vec2, layers: Layers, one_way: bool) -> Option<WorldHit> {
        self.point_on_a_seam(&AsIs, from, to, layers, one_way)
    }

    /// The seams of the map with the cells `keeps` leaves out emptied: a point running along
    /// the line beside a cell left out runs past the kept one.
    fn seam_hit_kept(
        &self,
        from: Vec2,
        to: Vec2,
        layers: Layers,
        one_way: bool,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<WorldHit> {
        self.point_on_a_seam(&KeptCells { keeps }, from, to, layers, one_way)
    }

    /// A whole cell's bounds exactly on the grid lines; a shaped cell's outline as its
    /// obstacle gives it, where the ray enters the cell's bounds too; a one-way cell's top for
    /// a start on it going down.
    fn cast_ray_on(&self, o: &Obstacle<'_>, from: Vec2, to: Vec2) -> Option<Impact> {
        let Some(c) = ((o.id as usize) < self.cells().len()).then(|| self.cell_of_index(o.id))
        else {
            return collide_core::cast_ray(o.shape, &o.pose, from, to);
        };
        // What misses the cell's bounds misses its shape, which may lie a rounding step past
        // them (placed at a rounded centre): the map's own walk never enters such a cell.
        let (lo, hi) = (self.cell_min(c.x, c.y), self.cell_min(c.x + 1, c.y + 1));
        let on_bounds = cast_ray_box(lo, hi, from, to)?;
        match self.shape(c.x, c.y) {
            Some(TileShape::Solid) => Some(on_bounds),
            Some(TileShape::OneWayTop) => {
                let mut hit = collide_core::cast_ray(o.shape, &o.pose, from, to)?;
                // From a top's end the side ties with the top: a start on the top going down
                // lands on it, as in `cast_segment`.
                if hit.t == 0.0 && self.starts_on_top(c.x, c.y, from, to - from) {
                    hit.normal = -self.one_way_up();
                }
                Some(hit)
            }
            _ => collide_core::cast_ray(o.shape, &o.pose, from, to),
        }
    }
}

impl TileMap {
    /// [`Obstacles::refine_hit`] with the face rule reading `cells`.
    fn refine_among(
        &self,
        cells: &impl Cells,
        id: u32,
        shape: ShapeRef<'_>,
        motion: &Motion,
        hit: Hit,
    ) -> Option<Hit> {
        if id as usize >= self.cells().len() {
            return Some(hit); // not one of this map's cells
        }
        let cell = self.cell_of_index(id);
        let (x, y) = (cell.x, cell.y);
        if self.has_sensor_cells() && self.sensor(x, y).is_some_and(|b| b != 0) {
            return Some(hit); // a sensor cell stands alone: each is reported where met
        }
        let contact = hit.contact.and_then(|c| {
            let end = shape.aabb(&motion.end_pose());
            let (normal, depth) = self.exposed_way_out(cells, x, y, c.normal, &end)?;
            let depth = if normal == c.normal { c.depth } else { depth };
            Some(Contact {
                point: c.point,
                normal,
                depth,
            })
        });
        // A hit that only the end of the frame saw has the contact's normal for its impact's:
        // it takes the contact's way out too.
        let seen_at_end = hit
            .contact
            .is_some_and(|c| c.normal == hit.impact.normal && c.point == hit.impact.point);
        let (start, met) = (motion.start_pose(), motion.pose_at(hit.impact.t));
        let within = |dx, dy| self.passing_through((x, y), (dx, dy), shape, (&start, &met));
        let travel = motion.travel();
        let normal = match self.face_normal_within(cells, x, y, hit.impact.normal, within) {
            // A face exposed only away from the corner a point enters through is no face there,
            // nor at a corner where the surface runs on flat past it.
            Some(n) => self
                .at_a_corner(
                    cells,
                    (x, y),
                    (&hit.impact, n),
                    (shape, &met, travel),
                    &within,
                )
                .unwrap_or(n),
            None if seen_at_end => contact?.normal,
            None if hit.impact.t == 0.0 => {
                self.start_face(cells, x, y, shape, motion, hit.impact.normal)?
            }
            None => {
                let n = self.through_the_corner(cells, x, y, &hit.impact, travel)?;
                let (at, moving) = ((&hit.impact, n), (shape, &met, travel));
                self.crest_graze_normal(cells, (x, y), at, moving, &within)
                    .unwrap_or(n)
            }
        };
        if self.grazes_a_seam(cells, x, y, normal, &hit, travel) {
            return None;
        }
        Some(Hit {
            impact: Impact {
                normal,
                ..hit.impact
            },
            contact,
            by_sweep: hit.by_sweep || contact.is_none(),
        })
    }

    /// The normal of a hit on whole cell `(x, y)` through a face between two solid cells
    /// exactly at its end, moving on into the cell across that corner: the other face there,
    /// when exposed. A point (a bullet of no size) crossing a floor's surface exactly where
    /// two tiles meet enters the cell through its corner, and the sweep, whose two faces
    /// tie there, may name the internal one; a body of any size meets the neighbour's face.
    /// On a shaped cell, the same at a vertex of its outline
    /// ([`through_a_shaped_vertex`](Self::through_a_shaped_vertex)).
    pub(super) fn through_the_corner(
        &self,
        cells: &impl Cells,
        x: u32,
        y: u32,
        impact: &Impact,
        travel: Vec2,
    ) -> Option<Vec2> {
        match cells.get(self, x, y).map(TileShape::from_byte) {
            Some(TileShape::Solid) => {}
            Some(TileShape::OneWayTop) | None => return None,
            Some(_) => return self.through_a_shaped_vertex(cells, x, y, impact, travel),
        }
        // The other face's axis: across the internal face's.
        let axis = match (impact.normal.x == 0.0, impact.normal.y == 0.0) {
            (false, true) => 1,
            (true, false) => 0,
            _ => return None,
        };
        let way = travel[axis];
        if way == 0.0 {
            return None;
        }
        // The face the travel goes in through: the cell's low side when moving up the axis.
        let i = i64::from([x, y][axis]);
        let line = self.edge(axis, if way > 0.0 { i } else { i + 1 });
        if !on_line(impact.point[axis], line, travel) {
            return None;
        }
        let mut normal = Vec2::ZERO;
        normal[axis] = way.signum();
        self.face_normal_within(cells, x, y, normal, |_, _| false)
            .or_else(|| self.inside_corner(cells, x, y, impact.point, travel))
    }

    /// The normal of a point entering cell `(x, y)` exactly at a corner where both the cell's
    /// faces are seams: an inside corner (a wall standing on a floor) entered from the empty
    /// cell across it. The surface there is the two neighbours' faces: the one the travel
    /// meets more head-on, or the other where that one is covered.
    pub(super) fn inside_corner(
        &self,
        cells: &impl Cells,
        x: u32,
        y: u32,
        point: Vec2,
        travel: Vec2,
    ) -> Option<Vec2> {
        if travel.x == 0.0 || travel.y == 0.0 {
            return None;
        }
        let cell = [i64::from(x), i64::from(y)];
        // The corner's lines: the cell's low side along an axis the travel goes up.
        let on_corner = |axis: usize| {
            let line = self.edge(axis, cell[axis] + i64::from(travel[axis] < 0.0));
            on_line(point[axis], line, travel)
        };
        if !on_corner(0) || !on_corner(1) {
            return None;
        }
        // The face along `axis`: that of the neighbour the travel came past across the other.
        let face = |axis: usize| {
            let other = 1 - axis;
            let mut beside = cell;
            beside[other] -= travel[other].signum() as i64;
            let (bx, by) = (
                u32::try_from(beside[0]).ok()?,
                u32::try_from(beside[1]).ok()?,
            );
            let mut normal = Vec2::ZERO;
            normal[axis] = travel[axis].signum();
            self.face_normal_within(cells, bx, by, normal, |_, _| false)
        };
        let head_on = usize::from(travel.y.abs() > travel.x.abs());
        face(head_on).or_else(|| face(1 - head_on))
    }

    /// [`Obstacles::seam_hit`] among `cells`: a point running exactly along a grid line
    /// between two cells that both stop it.
    fn point_on_a_seam(
        &self,
        cells: &impl Cells,
        from: Vec2,
        to: Vec2,
        layers: Layers,
        one_way: bool,
    ) -> Option<WorldHit> {
        if !(self.layers().interacts(layers) && from.is_finite() && to.is_finite()) {
            return None;
        }
        self.point_on_lines(cells, from, to - from, one_way)
            .flatten()
    }

    /// Whether the cell at offset `(dx, dy)` from cell `(x, y)` is a one-way cell that `shape`
    /// passes through: it is sunk into it below its top, by more than a skin, where it starts
    /// (`start`) or where it meets `(x, y)` (`met`: it came in through the platform's side or
    /// bottom). A shape resting on the top, within a skin (a turned hull placed on it, whose
    /// rounding overlaps it by an ulp), or landing on it, is not.
    fn passing_through(
        &self,
        (x, y): (u32, u32),
        (dx, dy): (i64, i64),
        shape: ShapeRef<'_>,
        (start, met): (&Pose, &Pose),
    ) -> bool {
        let (Ok(nx), Ok(ny)) = (
            u32::try_from(i64::from(x) + dx),
            u32::try_from(i64::from(y) + dy),
        ) else {
            return false;
        };
        if !self.is_one_way(nx, ny) {
            return false;
        }
        let (rect, cell) = (
            self.cell_rect(),
            Pose::from_position(self.cell_center(nx, ny)),
        );
        let up = self.one_way_up();
        let top = ShapeRef::from(rect).reach(&cell, up);
        let sunk = |at: &Pose| {
            let lowest = -shape.reach(at, -up);
            let skin = working_skin(DEFAULT_SKIN, &[shape.aabb(at)]);
            collide_core::overlaps(shape, at, rect, &cell) && lowest < top - skin
        };
        sunk(start) || sunk(met)
    }

    /// Whether `hit` on cell `(x, y)`, with normal `normal` (kept by the face rule), is a shape
    /// moving along a flat face or away from it (not into it) where the face goes on into the
    /// neighbouring cell: a seam of the face, which the face itself never gives (moving along
    /// or away from a rectangle's face meets nothing after the start). Such a hit touches the
    /// cell's corner at the seam, or comes later in the frame, as the shape crosses the seam
    /// lying within rounding inside the surface (a hull's irrational vertices put one a few
    /// ulps into a floor it rests on). A corner that ends the face is not a seam, and a shape
    /// moving into the face hits it.
    fn grazes_a_seam(
        &self,
        cells: &impl Cells,
        x: u32,
        y: u32,
        normal: Vec2,
        hit: &Hit,
        travel: Vec2,
    ) -> bool {
        let Some(Meets::Face(face)) = meets(normal) else {
            return false;
        };
        // A shaped cell's faces need not reach its sides: only whole cells' seams are ruled.
        if self.has_shapes() && is_shaped(cells.get(self, x, y).unwrap_or(0)) {
            return false;
        }
        if travel.dot(normal) > 0.0 {
            return false;
        }
        // The face runs along x for a floor or a ceiling, along y for a wall.
        let axis = usize::from(matches!(face, Face::Left | Face::Right));
        let (lo, hi) = (self.cell_min(x, y), self.cell_min(x + 1, y + 1));
        // The impact point of a graze lies on the corner to within the rounding of the sweep.
        let point = hit.impact.point;
        let size = self.cell_size().max_element();
        let tolerance = 1e-5 * (1.0 + size + point.abs().max_element());
        let continues = |forward: bool| {
            let (nx, ny) = match (axis, forward) {
                (0, false) => (x.checked_sub(1), Some(y)),
                (0, true) => (Some(x + 1), Some(y)),
                (_, false) => (Some(x), y.checked_sub(1)),
                (_, true) => (Some(x), Some(y + 1)),
            };
            match (nx, ny) {
                (Some(nx), Some(ny)) => {
                    cells.get(self, nx, ny).is_some_and(|b| b != 0)
                        && self.exposed_near(cells, nx, ny, face, None)
                }
                _ => false,
            }
        };
        let at_corner = ((point[axis] - lo[axis]).abs() <= tolerance && continues(false))
            || ((point[axis] - hi[axis]).abs() <= tolerance && continues(true));
        // Swept into after the start (not only seen overlapping at the end, which the contact
        // answers for): moving up the axis enters the cell from the one before it.
        let swept_in = hit.impact.t > 0.0 && hit.impact.t < 1.0;
        let crossing = swept_in && travel[axis] != 0.0 && continues(travel[axis] < 0.0);
        at_corner || crossing
    }

    /// The normal of a hit at the very start on cell `(x, y)` whose own normal `normal` met an
    /// internal face: the exposed face the shape lies against and moves into
    /// ([`pressed_face`](Self::pressed_face)), or, where it starts inside the cell, the
    /// exposed face on its side that its box reaches into the cell past least
    /// ([`shallowest_way_out`](Self::shallowest_way_out); a shaped cell's by its outline,
    /// [`exposed_way_out`](Self::exposed_way_out)): a box sunk into a floor across the seam of
    /// two tiles is in the floor through its top. `None` when it is neither.
    pub(super) fn start_face(
        &self,
        cells: &impl Cells,
        x: u32,
        y: u32,
        shape: ShapeRef<'_>,
        motion: &Motion,
        normal: Vec2,
    ) -> Option<Vec2> {
        if let Some(pressed) = self.pressed_face(cells, x, y, shape, motion) {
            return Some(pressed);
        }
        let start = shape.aabb(&motion.start_pose());
        let way_out = if self.has_shapes() && is_shaped(cells.get(self, x, y).unwrap_or(0)) {
            self.exposed_way_out(cells, x, y, normal, &start)
        } else {
            let faces = [Face::Left, Face::Right, Face::Bottom, Face::Top];
            self.shallowest_way_out(cells, x, y, &faces, &start)
        };
        way_out.map(|(face, _)| face)
    }

    /// The normal of the exposed face of cell `(x, y)` that a shape touching the cell where
    /// `motion` starts lies against and moves into, if there is one: a hit at the very start
    /// whose normal met an internal face (the normal of a sweep that starts touching comes
    /// from whichever of the shapes' features it met first) is a hit on that face, so that a
    /// shape resting against a wall never moves into it. `None` when no such face is there.
    fn pressed_face(
        &self,
        cells: &impl Cells,
        x: u32,
        y: u32,
        shape: ShapeRef<'_>,
        motion: &Motion,
    ) -> Option<Vec2> {
        if self.has_shapes() && is_shaped(cells.get(self, x, y).unwrap_or(0)) {
            return self.shaped_pressed_face(cells, x, y, shape, motion);
        }
        let start = shape.aabb(&motion.start_pose());
        let (lo, hi) = (self.cell_min(x, y), self.cell_min(x + 1, y + 1));
        let travel = motion.travel();
        let size = self.cell_size().max_element();
        let tolerance = 1e-5 * (1.0 + size + start.center.abs().max_element());
        // How far the shape's box stands off each face, out of the cell.
        let gaps = [
            (Face::Left, lo.x - start.max().x),
            (Face::Right, start.min().x - hi.x),
            (Face::Bottom, lo.y - start.max().y),
            (Face::Top, start.min().y - hi.y),
        ];
        gaps.into_iter()
            .filter(|&(f, gap)| {
                gap.abs() <= tolerance
                    && travel.dot(f.inward()) > 0.0
                    && self.exposed_near(cells, x, y, f, None)
            })
            .min_by(|a, b| a.1.abs().total_cmp(&b.1.abs()))
            .map(|(f, _)| f.inward())
    }

    /// Calls `visit` with the obstacle of every solid cell whose box touches `area`.
    #[inline]
    fn cells_near<'s>(&'s self, area: &Aabb, scale: &Scale, mut visit: impl FnMut(Obstacle<'s>)) {
        let Some((lo, hi)) = self.cells_under(area, scale) else {
            return;
        };
        // Most areas hold no solid cell at all: all their rows are looked at at once first
        // (eight columns at a time, the rows' cells or-ed), and the rows are scanned one by
        // one only from the first column that holds one.
        let Some(first) = self.first_column_in(lo[0], hi[0], (lo[1], hi[1]), false) else {
            return;
        };
        let rect = self.cell_rect();
        let shaped = self.has_shapes();
        for y in lo[1]..=hi[1] {
            // A row's run of cells is scanned, eight at a time, for the few that are solid.
            self.each_in_row(y, first, hi[0], |x| {
                let o = if shaped {
                    match self.shaped_obstacle(x, y) {
                        Some(o) => o,
                        None => return,
                    }
                } else {
                    let pose = Pose::from_position(self.cell_center(x, y));
                    Obstacle::new(self.cell_index(x, y), rect, pose).with_layers(self.layers())
                };
                // The cell range has a margin for rounding; the obstacles themselves are held
                // to the area, so that a body resting on a floor and moving along it is
                // offered no floor cell at all.
                if touches(&o.bounds(), area) || self.whole_cell_touches(x, y, area) {
                    visit(o);
                }
            });
        }
    }

    /// The obstacle of cell `(x, y)` (in the map) by its shape, `None` for an empty cell: a
    /// one-way cell's blocks only from its top (`one_way: Some(map.one_way_up())`).
    /// The sensor cells under `area` whose shape's box touches it, one obstacle each (a walk
    /// over the cells under the area: with no sensor cell, nothing).
    #[inline]
    fn sensor_cells_near<'s>(
        &'s self,
        area: &Aabb,
        scale: &Scale,
        mut visit: impl FnMut(Obstacle<'s>),
    ) {
        if !self.has_sensor_cells() {
            return;
        }
        let Some((lo, hi)) = self.cells_under(area, scale) else {
            return;
        };
        for y in lo[1]..=hi[1] {
            for x in lo[0]..=hi[0] {
                match self.sensor_obstacle(x, y) {
                    Some(o) if touches(&o.bounds(), area) => visit(o),
                    _ => {}
                }
            }
        }
    }

    /// Whether cell `(x, y)` is a whole cell whose grid box touches `area`: the box its casts
    /// test ([`Obstacles::cast_ray_on`]), which its `Rect`, placed at a rounded centre, may
    /// miss by a rounding step (a ray starting a step inside the box, by its edge).
    #[cold]
    #[inline(never)]
    fn whole_cell_touches(&self, x: u32, y: u32, area: &Aabb) -> bool {
        let whole = self.shape(x, y) == Some(TileShape::Solid);
        let (lo, hi) = (self.cell_min(x, y), self.cell_min(x + 1, y + 1));
        whole && lo.cmple(area.max()).all() && area.min().cmple(hi).all()
    }

    pub(super) fn shaped_obstacle(&self, x: u32, y: u32) -> Option<Obstacle<'_>> {
        let (shape, pose) = self.cell_shape(x, y)?;
        let o = Obstacle::new(self.cell_index(x, y), shape, pose).with_layers(self.layers());
        let one_way = self
            .get(x, y)
            .is_some_and(|b| TileShape::from_byte(b).is_one_way());
        Some(if one_way {
            o.with_one_way(self.one_way_up())
        } else {
            o
        })
    }

    /// How [`cells_under`](Self::cells_under) turns world coordinates into cells.
    fn scale(&self) -> Scale {
        let inverse = self.cell_size().recip();
        let cells = Vec2::new(self.width() as f32, self.height() as f32);
        // `u = (v − origin) · inverse` loses to rounding a few ulps of `|v − origin| / size`
        // (the subtraction), of `|u|` (the reciprocal and the product): for a box touching
        // the map, `|v| ≤ |origin| + size · cells`, so twice the origin in cells plus the map's
        // cells bound both, and eight ulps of that (and a millionth of a cell) is the margin.
        // A box farther out is off the map by more than its own rounding.
        let margin = (2.0 * self.origin().abs() * inverse + cells) * (8.0 * f32::EPSILON) + 1e-6;
        Scale {
            inverse,
            margin,
            last: cells - 1.0,
        }
    }

    /// The columns and rows of the cells that the closed box `area` touches, clamped to the
    /// map, or `None` when it touches none: as [`cell_range`](Self::cell_range), by
    /// multiplying by the inverse cell size instead of dividing, with a margin for rounding
    /// worked out once for the map (a query's cost here is mostly these few operations). No
    /// cell the box touches is left out; the obstacles are held to the area exactly
    /// afterwards.
    #[inline(always)]
    fn cells_under(&self, area: &Aabb, scale: &Scale) -> Option<([u32; 2], [u32; 2])> {
        let (lo, hi, o) = (area.min(), area.max(), self.origin());
        if !(lo.is_finite() && hi.is_finite()) {
            return None;
        }
        let a = (lo - o) * scale.inverse - scale.margin;
        let b = (hi - o) * scale.inverse + scale.margin;
        if b.x < 0.0 || b.y < 0.0 || a.x > scale.last.x + 1.0 || a.y > scale.last.y + 1.0 {
            return None;
        }
        // Clamped to the map first, truncating is the floor (`max` and `min`, not `clamp`,
        // which checks its bounds' order: the values are finite here).
        let cell = |v: f32, last: f32| v.max(0.0).min(last) as u32;
        Some((
            [cell(a.x, scale.last.x), cell(a.y, scale.last.y)],
            [cell(b.x, scale.last.x), cell(b.y, scale.last.y)],
        ))
    }
}

/// One over a map's cell size, the margin its cell ranges take for rounding, and its last
/// column and row, for [`TileMap::cells_under`].
struct Scale {
    inverse: Vec2,
    margin: Vec2,
    last: Vec2,
}

/// Whether `at`, a coordinate of a point met moving by `travel`, lies on the grid line
/// `line`, to its rounding: of the coordinates, and of the travel the point was worked out
/// along (a ray from outside the map meets its edge at `x = 8e-7`, not `0`).
pub(super) fn on_line(at: f32, line: f32, travel: Vec2) -> bool {
    let scale = at.abs().max(line.abs()).max(travel.abs().max_element());
    (at - line).abs() <= 4.0 * f32::EPSILON * scale
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_testkit::SplitMix64;

    /// How many cells `near` listed for 1 000 seeded areas, each checked against brute force
    /// over the map: exactly the solid cells whose box touches the area.
    fn near_against_brute_force(map: &TileMap, rng: &mut SplitMix64) -> usize {
        let (origin, size) = (map.origin(), map.cell_size());
        let mut listed = 0;
        for i in 0..1_000 {
            let lo = origin + rng.in_box(Vec2::splat(-40.0), Vec2::new(1_150.0, 400.0));
            // Every third area starts on a cell edge exactly.
            let lo = if i % 3 == 0 {
                origin + ((lo - origin) / size).round() * size
            } else {
                lo
            };
            let hi = lo + rng.in_box(Vec2::ZERO, Vec2::splat(60.0));
            let area = Aabb::from_min_max(lo, hi);
            let mut got = Vec::new();
            map.near(&area, Layers::ALL, &mut |o| got.push(o.id));
            let rect = map.cell_rect();
            let want: Vec<u32> = (0..map.cells().len() as u32)
                .filter(|&id| {
                    let c = map.cell_of_index(id);
                    let at = Pose::from_position(map.cell_center(c.x, c.y));
                    let o = Obstacle::new(id, rect, at);
                    map.is_solid(c.x, c.y) && touches(&o.bounds(), &area)
                })
                .collect();
            got.sort_unstable();
            assert_eq!(got, want, "{origin} {area:?}");
            listed += got.len();
        }
        listed
    }

    /// The cells listed are exactly the solid cells whose box touches the area, for areas
    /// anywhere, edges on cell edges included, on maps near and far from the origin (70
    /// columns: rows of more than one word of bits), before and after cells are set.
    #[test]
    fn near_lists_exactly_the_solid_cells_touching_the_area() {
        let mut rng = SplitMix64::new(0x7153);
        for origin in [Vec2::ZERO, Vec2::new(-3.5, 7.25), Vec2::new(1e6, -2e5)] {
            let size = Vec2::new(16.0, 12.0);
            let solid = |rng: &mut SplitMix64| u8::from(rng.unit() < 0.3);
            let mut map = TileMap::from_fn(70, 30, size, origin, |_, _| solid(&mut rng)).unwrap();
            assert!(near_against_brute_force(&map, &mut rng) > 500);
            for _ in 0..600 {
                let (x, y) = (rng.index(70) as u32, rng.index(30) as u32);
                let value = solid(&mut rng) * 7;
                map.set(x, y, value).unwrap();
            }
            assert!(near_against_brute_force(&map, &mut rng) > 500);
        }
    }
}
