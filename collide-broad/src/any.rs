use core::fmt;
use core::str::FromStr;

use collide_core::Aabb;
use glam::Vec2;

use crate::{BroadPhase, BruteForce, Error, Grid, Proxy, QuadTree, SortAndSweep};

/// The four broad phases, by name: what a command line or a benchmark chooses between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BroadPhaseKind {
    /// [`Grid`]: the spatial hash.
    Grid,
    /// [`SortAndSweep`].
    SortAndSweep,
    /// [`QuadTree`].
    QuadTree,
    /// [`BruteForce`]: the O(n²) oracle.
    BruteForce,
}

impl BroadPhaseKind {
    /// Every kind, in the order reports list them.
    pub const ALL: [BroadPhaseKind; 4] = [
        BroadPhaseKind::Grid,
        BroadPhaseKind::SortAndSweep,
        BroadPhaseKind::QuadTree,
        BroadPhaseKind::BruteForce,
    ];

    /// The name used on command lines and in reports: `grid`, `sort_and_sweep`, `quadtree`,
    /// `brute_force`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BroadPhaseKind::Grid => "grid",
            BroadPhaseKind::SortAndSweep => "sort_and_sweep",
            BroadPhaseKind::QuadTree => "quadtree",
            BroadPhaseKind::BruteForce => "brute_force",
        }
    }

    /// A new broad phase of this kind with default settings.
    #[must_use]
    pub fn build(self) -> AnyBroadPhase {
        AnyBroadPhase::new(self)
    }
}

impl fmt::Display for BroadPhaseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BroadPhaseKind {
    type Err = Error;

    /// Parses a [`name`](BroadPhaseKind::name) (`-` accepted for `_`).
    fn from_str(s: &str) -> Result<Self, Error> {
        BroadPhaseKind::ALL
            .into_iter()
            .find(|k| {
                k.name().len() == s.len()
                    && k.name()
                        .bytes()
                        .zip(s.bytes())
                        .all(|(a, b)| a == b || (a == b'_' && b == b'-'))
            })
            .ok_or(Error::UnknownBroadPhase)
    }
}

/// A broad phase chosen at run time; dispatches with one `match`, no allocation.
///
/// ```
/// use collide_broad::{AnyBroadPhase, BroadPhase, BroadPhaseKind};
///
/// let kind: BroadPhaseKind = "sort_and_sweep".parse()?;
/// let mut broad = AnyBroadPhase::new(kind);
/// assert_eq!(broad.kind().name(), "sort_and_sweep");
/// let mut pairs = Vec::new();
/// broad.update_pairs(&[], &mut pairs);
/// assert!(pairs.is_empty());
/// # Ok::<(), collide_broad::Error>(())
/// ```
#[derive(Clone, Debug)]
pub enum AnyBroadPhase {
    /// A [`Grid`].
    Grid(Grid),
    /// A [`SortAndSweep`].
    SortAndSweep(SortAndSweep),
    /// A [`QuadTree`].
    QuadTree(QuadTree),
    /// A [`BruteForce`].
    BruteForce(BruteForce),
}

impl AnyBroadPhase {
    /// A new broad phase of `kind` with default settings.
    #[must_use]
    pub fn new(kind: BroadPhaseKind) -> Self {
        match kind {
            BroadPhaseKind::Grid => Self::Grid(Grid::new()),
            BroadPhaseKind::SortAndSweep => Self::SortAndSweep(SortAndSweep::new()),
            BroadPhaseKind::QuadTree => Self::QuadTree(QuadTree::new()),
            BroadPhaseKind::BruteForce => Self::BruteForce(BruteForce::new()),
        }
    }

    /// Which kind this is.
    #[must_use]
    pub fn kind(&self) -> BroadPhaseKind {
        match self {
            Self::Grid(_) => BroadPhaseKind::Grid,
            Self::SortAndSweep(_) => BroadPhaseKind::SortAndSweep,
            Self::QuadTree(_) => BroadPhaseKind::QuadTree,
            Self::BruteForce(_) => BroadPhaseKind::BruteForce,
        }
    }

    fn inner(&self) -> &dyn BroadPhase {
        match self {
            Self::Grid(b) => b,
            Self::SortAndSweep(b) => b,
            Self::QuadTree(b) => b,
            Self::BruteForce(b) => b,
        }
    }
}

impl Default for AnyBroadPhase {
    fn default() -> Self {
        Self::new(BroadPhaseKind::Grid)
    }
}

impl BroadPhase for AnyBroadPhase {
    fn update(&mut self, proxies: &[Proxy]) {
        match self {
            Self::Grid(b) => b.update(proxies),
            Self::SortAndSweep(b) => b.update(proxies),
            Self::QuadTree(b) => b.update(proxies),
            Self::BruteForce(b) => b.update(proxies),
        }
    }

    fn pairs_at_most(&mut self, limit: usize, out: &mut Vec<(u32, u32)>) -> Result<(), Error> {
        match self {
            Self::Grid(b) => b.pairs_at_most(limit, out),
            Self::SortAndSweep(b) => b.pairs_at_most(limit, out),
            Self::QuadTree(b) => b.pairs_at_most(limit, out),
            Self::BruteForce(b) => b.pairs_at_most(limit, out),
        }
    }

    fn query_aabb(&self, area: &Aabb, out: &mut Vec<u32>) {
        self.inner().query_aabb(area, out);
    }

    fn query_point(&self, point: Vec2, out: &mut Vec<u32>) {
        self.inner().query_point(point, out);
    }

    fn cast_segment(&self, from: Vec2, to: Vec2, out: &mut Vec<(f32, u32)>) {
        self.inner().cast_segment(from, to, out);
    }

    fn cast_segment_until(
        &self,
        from: Vec2,
        to: Vec2,
        scratch: &mut Vec<(f32, u32)>,
        visit: &mut dyn FnMut(f32, u32) -> f32,
    ) {
        self.inner().cast_segment_until(from, to, scratch, visit);
    }
}
