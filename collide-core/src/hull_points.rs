//! The convex hull of an unordered point cloud, brought down to a [`Hull`]'s vertex limit.

use core::cmp::Ordering;

use glam::Vec2;

use crate::simplify::{cross, enclosing_floats, vw_floats};
use crate::{Error, Hull, Simplify, MAX_CLOUD_POINTS, MAX_HULL_VERTICES};

impl Hull {
    /// The convex hull of an unordered point cloud (Andrew's monotone chain), brought down to
    /// at most [`MAX_HULL_VERTICES`] vertices by `simplify` when it has more.
    ///
    /// With [`Simplify::Vw`] the vertices are some of the points, so the hull lies inside the
    /// exact one; with [`Simplify::Enclosing`] every point lies inside the hull, or outside it
    /// by no more than the tolerance [`Hull::new`] drops nearly collinear vertices with: about
    /// a millionth of the cloud's extent, or a few steps of the `f32` grid at its largest
    /// coordinate. A cloud whose hull has at most 16 vertices gives that hull either way (less
    /// any vertex [`Hull::new`] drops as nearly collinear). As for [`Hull::new`], a cloud may
    /// lie anywhere, as long as it spans a few steps of the float grid where it lies (1/16 of a
    /// unit a million units out, one unit ten million out). Duplicates, points
    /// inside and points on an edge are ignored. Allocates nothing: the points are copied into
    /// a buffer on the stack. Takes `n log n` time: the reduction keeps its candidates in a
    /// tournament tree rather than searching all the vertices at every step.
    ///
    /// ```
    /// use collide_core::{Hull, Simplify};
    /// use glam::Vec2;
    ///
    /// // A ring of 40 points and its centre: 16 vertices, all of them on the ring.
    /// let mut cloud: Vec<Vec2> = (0..40)
    ///     .map(|i| Vec2::from_angle(i as f32 * std::f32::consts::TAU / 40.0) * 10.0)
    ///     .collect();
    /// cloud.push(Vec2::ZERO);
    /// let hull = Hull::from_points(&cloud, Simplify::Vw)?;
    /// assert_eq!(hull.vertex_count(), 16);
    /// let outer = Hull::from_points(&cloud, Simplify::Enclosing)?;
    /// assert!(outer.area() > hull.area());
    /// # Ok::<(), collide_core::Error>(())
    /// ```
    ///
    /// # Errors
    /// - [`Error::TooManyPoints`] for more than [`MAX_CLOUD_POINTS`] points (use
    ///   [`Hull::from_points_mut`]);
    /// - [`Error::NonFinite`] for a NaN or infinite coordinate;
    /// - [`Error::TooFewVertices`] when the points do not span an area (fewer than three
    ///   distinct, non-collinear points).
    pub fn from_points(points: &[Vec2], simplify: Simplify) -> Result<Hull, Error> {
        if points.len() > MAX_CLOUD_POINTS {
            return Err(Error::TooManyPoints {
                count: points.len(),
            });
        }
        let mut buffer = [Vec2::ZERO; MAX_CLOUD_POINTS];
        let copy = &mut buffer[..points.len()];
        copy.copy_from_slice(points);
        Hull::from_points_mut(copy, simplify)
    }

    /// [`Hull::from_points`] for any number of points, working in the caller's slice: its
    /// order (and contents) afterwards are unspecified. Allocates nothing, in `n log n` time.
    ///
    /// A hull of more than [`MAX_CLOUD_POINTS`] vertices (a dense outline) is first brought
    /// down to that many in passes over runs of consecutive vertices, each taking the steps
    /// the greedy reduction would take first; only where the runs meet can the order of the
    /// steps differ from the greedy's over the whole hull.
    ///
    /// # Errors
    /// As [`Hull::from_points`], without the limit on the number of points.
    pub fn from_points_mut(points: &mut [Vec2], simplify: Simplify) -> Result<Hull, Error> {
        if points.iter().any(|p| !p.is_finite()) {
            return Err(Error::NonFinite);
        }
        let n = monotone_chain(points);
        if n < 3 {
            return Err(Error::TooFewVertices { remaining: n });
        }
        let kept = match simplify {
            Simplify::Vw => vw_floats(&mut points[..n], MAX_HULL_VERTICES),
            Simplify::Enclosing => enclosing_floats(&mut points[..n], MAX_HULL_VERTICES),
        };
        if kept > MAX_HULL_VERTICES {
            // Only rounding can stop the enclosing reduction early: finish with the other.
            let kept = vw_floats(&mut points[..kept], MAX_HULL_VERTICES);
            return Hull::new(&points[..kept]);
        }
        Hull::new(&points[..kept])
    }
}

/// `a` before `b` by `x`, then `y`.
fn by_xy(a: &Vec2, b: &Vec2) -> Ordering {
    a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y))
}

/// Andrew's monotone chain in place: the hull's vertices at the front of `points`, in
/// positive-area order from the smallest `(x, y)`, without duplicate or collinear vertices.
/// Returns how many (fewer than 3 when the points span no area).
pub(crate) fn monotone_chain(points: &mut [Vec2]) -> usize {
    let (Some(&first), Some(&last)) = (
        points.iter().min_by(|a, b| by_xy(a, b)),
        points.iter().max_by(|a, b| by_xy(a, b)),
    ) else {
        return 0;
    };
    // One sort puts the points in walking order around the hull: those on or below the line
    // `first → last` left to right, then those above it right to left. The chain's stack then
    // lives at the front of the same slice (it never holds more than the points walked), so
    // no second buffer is needed.
    let above = |p: &Vec2| cross(first, last, *p) > 0.0;
    points.sort_unstable_by(|a, b| match (above(a), above(b)) {
        (false, false) => by_xy(a, b),
        (true, true) => by_xy(b, a),
        (x, y) => x.cmp(&y),
    });
    let lower = points.partition_point(|p| !above(p));
    let mut k = 0;
    // Below `floor` the stack holds the lower chain, which the upper one must not pop.
    let mut floor = 1;
    for i in 0..points.len() {
        let p = points[i];
        while k > floor && cross(points[k - 2], points[k - 1], p) <= 0.0 {
            k -= 1;
        }
        points[k] = p;
        k += 1;
        if i + 1 == lower {
            floor = k;
        }
    }
    // Close the loop at `first`: the upper chain's last turns are checked against it.
    while k > floor && cross(points[k - 2], points[k - 1], first) <= 0.0 {
        k -= 1;
    }
    if k == 2 && points[0] == points[1] {
        k = 1;
    }
    k
}
