//! The loose quadtree broad phase; [`ray`] holds its first-hit walk.

mod ray;

use collide_core::Aabb;
use glam::Vec2;

use crate::broad_phase::{check_limit, limited};
use crate::buffers::{keep_headroom, keep_room, reserve_total};
use crate::layer_runs::{each_interacting, find_run_ends, layers_key, CROWD};
use crate::proxy::{finish_segment_hits, prepare, Entry, Segment};
use crate::{BroadPhase, Error, Proxy};

/// The deepest level a tree may have unless configured otherwise.
const DEFAULT_MAX_DEPTH: u32 = 10;
/// Hard limit on the depth, so a traversal's stack fits in a fixed array.
const MAX_DEPTH: u32 = 16;
/// Room for a depth-first traversal: at most three pending siblings per level, plus the root.
const STACK: usize = 3 * MAX_DEPTH as usize + 4;
const NONE: u32 = u32::MAX;

/// A loose quadtree: each object lives in the deepest node whose loosened square (the node
/// grown by half its side) holds it, found from its centre and size alone.
///
/// Big objects stay near the root and small ones sink, so a scene with wildly different sizes
/// (a boss among bullets) neither crowds one cell nor copies the boss into thousands. Each
/// node also keeps the exact box around everything beneath it, which prunes the searches; the
/// pairs come from one self-join of the tree that meets each pair once.
/// A node crowded with objects (a pool parked at one point) has them sorted by layers, so that
/// a run of them on layers that never interact with an object costs it one test.
/// Depth is bounded (default 10, at most 16). Nodes and their objects live in flat arrays,
/// rebuilt each update without allocating once grown.
#[derive(Clone, Debug)]
pub struct QuadTree {
    max_depth: u32,
    entries: Vec<Entry>,
    node_of: Vec<u32>,
    nodes: Vec<Node>,
    items: Vec<u32>,
    /// The pair search's work list: `(node, NONE)` for within a subtree, `(a, b)` between two.
    tasks: Vec<(u32, u32)>,
    /// In a frame with a crowd, where each position's run of `items` of one node on the same
    /// layers ends ([`crate::layer_runs`]); empty otherwise.
    run_ends: Vec<u32>,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    children: [u32; 4],
    parent: u32,
    /// Start of this node's items in `items`; during building, the count.
    start: u32,
    end: u32,
    /// The box around every object in this node and below it.
    lo: Vec2,
    hi: Vec2,
}

impl Node {
    fn new(parent: u32) -> Self {
        Self {
            children: [NONE; 4],
            parent,
            start: 0,
            end: 0,
            lo: Vec2::splat(f32::INFINITY),
            hi: Vec2::splat(f32::NEG_INFINITY),
        }
    }
}

impl Default for QuadTree {
    fn default() -> Self {
        Self::new()
    }
}

impl QuadTree {
    /// An empty quadtree of depth at most 10.
    #[must_use]
    pub fn new() -> Self {
        Self {
            max_depth: DEFAULT_MAX_DEPTH,
            entries: Vec::new(),
            node_of: Vec::new(),
            nodes: Vec::new(),
            items: Vec::new(),
            tasks: Vec::new(),
            run_ends: Vec::new(),
        }
    }

    /// A quadtree of depth at most `max_depth` (clamped to 16).
    #[must_use]
    pub fn with_max_depth(max_depth: u32) -> Self {
        Self {
            max_depth: max_depth.min(MAX_DEPTH),
            ..Self::new()
        }
    }

    /// Reports the pair of entries `i` and `j` if they overlap and interact.
    #[inline]
    fn push_if_pair(&self, i: u32, j: u32, out: &mut Vec<(u32, u32)>) {
        let (a, b) = (&self.entries[i as usize], &self.entries[j as usize]);
        if a.may_overlap(b) {
            if let Some(pair) = a.pair_with(b) {
                out.push(pair);
            }
        }
    }

    /// Pairs each of `objects` with the objects in the subtree of `node`.
    fn objects_against_subtree<const CROWDED: bool>(
        &self,
        objects: &[u32],
        node: u32,
        limit: usize,
        out: &mut Vec<(u32, u32)>,
    ) -> Result<(), Error> {
        // Most nodes have no objects of their own: leave before setting up the search.
        if objects.is_empty() {
            return Ok(());
        }
        for &i in objects {
            let a = &self.entries[i as usize];
            let enter = |lo, hi| a.may_overlap_box(lo, hi);
            if CROWDED {
                self.visit_ranges_from(node, enter, |start, end| {
                    self.against::<CROWDED>(i, start, end, out);
                });
                check_limit(out, limit)?;
            } else {
                self.visit_from(node, enter, |j| self.push_if_pair(i, j, out));
            }
        }
        // Without a crowd, `objects` (one node's) are at most `CROWD`: one check after them
        // lets the pairs pass the limit by at most `CROWD` times the subtree's objects.
        check_limit(out, limit)
    }

    /// Entry `i` against the objects at `start..end` of `items` (a node's, or the end of
    /// them); in a frame with a crowd (`CROWDED`), skipping the runs of objects whose layers
    /// do not interact with `i`'s.
    #[inline]
    fn against<const CROWDED: bool>(
        &self,
        i: u32,
        start: usize,
        end: usize,
        out: &mut Vec<(u32, u32)>,
    ) {
        if CROWDED {
            let layers = self.entries[i as usize].layers;
            each_interacting(
                start,
                end,
                &self.run_ends,
                |p| layers.interacts(self.entries[self.items[p] as usize].layers),
                |p| self.push_if_pair(i, self.items[p], out),
            );
        } else {
            for &j in &self.items[start..end] {
                self.push_if_pair(i, j, out);
            }
        }
    }

    /// The pairs: a self-join of the tree that meets every pair exactly once. Within a node,
    /// its own objects pairwise and each against the subtrees of its children; between two
    /// disjoint subtrees (siblings, then their descendants) only while their boxes touch.
    ///
    /// `CROWDED` when the frame has a crowd (run ends to skip by): the loops of ordinary
    /// frames are compiled without the skipping.
    // Inlined into `pairs_at_most`, whose local `tasks` then stays in registers.
    #[inline(always)]
    fn self_join<const CROWDED: bool>(
        &self,
        tasks: &mut Vec<(u32, u32)>,
        limit: usize,
        out: &mut Vec<(u32, u32)>,
    ) -> Result<(), Error> {
        tasks.clear();
        if !self.nodes.is_empty() {
            tasks.push((0, NONE));
        }
        // Tasks are taken last in, first out, and each pushes at most 16 tasks one level
        // deeper: at most 16 wait per level, a bound the scene cannot outgrow.
        reserve_total(tasks, 16 * (self.max_depth as usize + 2));
        while let Some((a, b)) = tasks.pop() {
            let na = &self.nodes[a as usize];
            if b == NONE {
                let (start, end) = (na.start as usize, na.end as usize);
                let own = &self.items[start..end];
                for (k, &i) in own.iter().enumerate() {
                    self.against::<CROWDED>(i, start + k + 1, end, out);
                    if CROWDED {
                        check_limit(out, limit)?;
                    }
                }
                // Without a crowd, a node holds at most `CROWD` objects: one check after them.
                check_limit(out, limit)?;
                let children = na.children.iter().copied().filter(|&c| c != NONE);
                for (k, ca) in children.clone().enumerate() {
                    self.objects_against_subtree::<CROWDED>(own, ca, limit, out)?;
                    tasks.push((ca, NONE));
                    for cb in children.clone().skip(k + 1) {
                        tasks.push((ca, cb));
                    }
                }
                continue;
            }
            let nb = &self.nodes[b as usize];
            if !(na.lo.x <= nb.hi.x
                && nb.lo.x <= na.hi.x
                && na.lo.y <= nb.hi.y
                && nb.lo.y <= na.hi.y)
            {
                continue;
            }
            let own_a = &self.items[na.start as usize..na.end as usize];
            let own_b = &self.items[nb.start as usize..nb.end as usize];
            for &i in own_a {
                self.against::<CROWDED>(i, nb.start as usize, nb.end as usize, out);
                if CROWDED {
                    check_limit(out, limit)?;
                }
            }
            check_limit(out, limit)?;
            for &cb in nb.children.iter().filter(|&&c| c != NONE) {
                self.objects_against_subtree::<CROWDED>(own_a, cb, limit, out)?;
            }
            for &ca in na.children.iter().filter(|&&c| c != NONE) {
                self.objects_against_subtree::<CROWDED>(own_b, ca, limit, out)?;
                for &cb in nb.children.iter().filter(|&&c| c != NONE) {
                    tasks.push((ca, cb));
                }
            }
        }
        Ok(())
    }

    /// The number of nodes built by the last update.
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Calls `visit` with every object in a node whose subtree box passes `enter`.
    #[inline]
    fn visit(&self, enter: impl Fn(Vec2, Vec2) -> bool, visit: impl FnMut(u32)) {
        if !self.nodes.is_empty() {
            self.visit_from(0, enter, visit);
        }
    }

    /// [`visit`](Self::visit) over the subtree of `root` only.
    #[inline]
    fn visit_from(
        &self,
        root: u32,
        enter: impl Fn(Vec2, Vec2) -> bool,
        mut visit: impl FnMut(u32),
    ) {
        self.visit_ranges_from(root, enter, |start, end| {
            for &i in &self.items[start..end] {
                visit(i);
            }
        });
    }

    /// [`visit_from`](Self::visit_from), with where each node's objects lie in `items`
    /// instead of the objects.
    #[inline]
    fn visit_ranges_from(
        &self,
        root: u32,
        enter: impl Fn(Vec2, Vec2) -> bool,
        mut visit: impl FnMut(usize, usize),
    ) {
        let mut stack = [root; STACK];
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let node = &self.nodes[stack[top] as usize];
            if !enter(node.lo, node.hi) {
                continue;
            }
            visit(node.start as usize, node.end as usize);
            for &c in &node.children {
                if c != NONE {
                    stack[top] = c;
                    top += 1;
                }
            }
        }
    }

    /// In a frame with a crowd (a node of more than [`CROWD`] objects), the crowded nodes'
    /// objects sorted by layers, and the ends of the runs of one node's objects on the same
    /// layers, for the pair search to skip. Otherwise no run ends.
    fn sort_crowds(&mut self, most_in_a_node: usize) {
        self.run_ends.clear();
        // Ready for a crowd whenever one forms, without allocating then.
        reserve_total(&mut self.run_ends, self.items.capacity());
        if most_in_a_node <= CROWD {
            return;
        }
        let entries = &self.entries;
        for n in &self.nodes {
            let own = &mut self.items[n.start as usize..n.end as usize];
            if own.len() > CROWD {
                own.sort_unstable_by_key(|&i| layers_key(entries[i as usize].layers));
            }
        }
        let (items, node_of) = (&self.items, &self.node_of);
        find_run_ends(
            items.len(),
            |p| {
                let i = items[p] as usize;
                (node_of[i], layers_key(entries[i].layers))
            },
            &mut self.run_ends,
        );
    }

    fn build(&mut self) {
        self.nodes.clear();
        self.node_of.clear();
        if self.entries.is_empty() {
            return;
        }
        let (cmin, cmax) = self.entries.iter().fold(
            (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
            |(lo, hi), e| (lo.min(e.bounds.center), hi.max(e.bounds.center)),
        );
        let mut side = (cmax - cmin).max_element();
        if !(side.is_finite() && side > 0.0) {
            side = 1.0;
        }
        self.nodes.push(Node::new(NONE));
        // The most objects one node holds (during building, `start` counts them).
        let mut most = 0;
        for e in &self.entries {
            // Deepest level whose loose square (side s, grown by s / 2) holds the object.
            let h = e.bounds.half_extents.max_element();
            let mut level = 0;
            let mut s = side;
            while level < self.max_depth && h <= s * 0.25 {
                level += 1;
                s *= 0.5;
            }
            let cells = 1_i64 << level;
            let at = |v: f32, o: f32| ((((v - o) / s).floor() as i64).clamp(0, cells - 1)) as u32;
            let (ix, iy) = (at(e.bounds.center.x, cmin.x), at(e.bounds.center.y, cmin.y));
            let mut node = 0_u32;
            for k in (0..level).rev() {
                let q = (((ix >> k) & 1) | (((iy >> k) & 1) << 1)) as usize;
                let child = self.nodes[node as usize].children[q];
                node = if child == NONE {
                    let new = self.nodes.len() as u32;
                    self.nodes.push(Node::new(node));
                    self.nodes[node as usize].children[q] = new;
                    new
                } else {
                    child
                };
            }
            let n = &mut self.nodes[node as usize];
            n.start += 1;
            most = most.max(n.start);
            n.lo = n.lo.min(e.lo);
            n.hi = n.hi.max(e.hi);
            self.node_of.push(node);
        }
        // The node count follows the layout: a cluster dispersing over the field gives each
        // object a path of its own. Room for two nodes per object at least (a scattered
        // layout's count) besides half again the most so far.
        let room = self.nodes.len().max(2 * self.entries.len());
        keep_room(&mut self.nodes, room);
        keep_headroom(&mut self.node_of);
        self.group_by_node();
        self.sort_crowds(most as usize);
        self.sum_subtree_boxes();
    }

    /// Each node's objects, one node after the other in `items` (a counting sort by node):
    /// node `n`'s are `items[n.start..n.end]`.
    fn group_by_node(&mut self) {
        let mut sum = 0;
        for n in &mut self.nodes {
            let c = n.start;
            n.start = sum;
            n.end = sum;
            sum += c;
        }
        self.items.clear();
        self.items.resize(sum as usize, 0);
        keep_headroom(&mut self.items);
        for (i, &node) in self.node_of.iter().enumerate() {
            let n = &mut self.nodes[node as usize];
            self.items[n.end as usize] = i as u32;
            n.end += 1;
        }
    }

    /// Each node's box grown to hold its subtree's.
    fn sum_subtree_boxes(&mut self) {
        // Children come after their parents, so one backward pass sums the subtree boxes.
        for k in (1..self.nodes.len()).rev() {
            let (lo, hi, p) = (self.nodes[k].lo, self.nodes[k].hi, self.nodes[k].parent);
            let parent = &mut self.nodes[p as usize];
            parent.lo = parent.lo.min(lo);
            parent.hi = parent.hi.max(hi);
        }
    }
}

impl BroadPhase for QuadTree {
    fn update(&mut self, proxies: &[Proxy]) {
        prepare(proxies, &mut self.entries);
        self.build();
    }

    fn pairs_at_most(&mut self, limit: usize, out: &mut Vec<(u32, u32)>) -> Result<(), Error> {
        let mut tasks = core::mem::take(&mut self.tasks);
        let found = limited(out, limit, |out| {
            if self.run_ends.is_empty() {
                self.self_join::<false>(&mut tasks, limit, out)
            } else {
                self.self_join::<true>(&mut tasks, limit, out)
            }
        });
        self.tasks = tasks;
        found
    }

    fn query_aabb(&self, area: &Aabb, out: &mut Vec<u32>) {
        out.clear();
        let Some(q) = Entry::new(&Proxy::new(0, *area, collide_core::Layers::ALL)) else {
            return;
        };
        self.visit(
            |lo, hi| q.may_overlap_box(lo, hi),
            |i| {
                let e = &self.entries[i as usize];
                if e.bounds.overlaps(area) {
                    out.push(e.id);
                }
            },
        );
    }

    fn cast_segment(&self, from: Vec2, to: Vec2, out: &mut Vec<(f32, u32)>) {
        out.clear();
        let Some(segment) = Segment::new(from, to) else {
            return;
        };
        // A node's box holds its objects' corners, and the slab test is monotone in the box:
        // the corners are tested as they are, with no margin and no centre/half-extent
        // round trip (which rounds at the far corner's magnitude, or overflows near f32::MAX).
        self.visit(
            |lo, hi| segment.touches(lo, hi),
            |i| {
                let e = &self.entries[i as usize];
                if let Some(t) = segment.entry_into(&e.bounds) {
                    out.push((t, e.id));
                }
            },
        );
        finish_segment_hits(out);
    }

    fn cast_segment_until(
        &self,
        from: Vec2,
        to: Vec2,
        scratch: &mut Vec<(f32, u32)>,
        visit: &mut dyn FnMut(f32, u32) -> f32,
    ) {
        self.walk_segment(from, to, scratch, visit);
    }
}
