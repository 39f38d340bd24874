//! Golden runs: a simulation's every body, frame after frame, folded into a hash that a test
//! commits, and a per-frame record that names the first frame and body to differ.
//!
//! [`Recorder`] takes each body's position and velocity bits in body order, frame by frame.
//! Its [`run_hash`](Recorder::run_hash) is FNV-1a 64 over all of them (fixed, unlike std's
//! randomly seeded hasher). Beside it, each frame keeps three sums modulo the prime
//! `2³¹ − 1` of the bodies' own hashes `h`, weighted by `1`, `k` and `k²` (`k`: the body's
//! number plus one). When one body's bits change, the three sums change by `d`, `k·d` and
//! `k²·d`, so `k` is their ratio, and the third sum confirms that a single body explains the
//! change. That is a few bytes per frame to commit, where a copy of every body would be
//! megabytes.
//!
//! ```
//! use collide_testkit::golden::{check, Recorder};
//! use glam::Vec2;
//!
//! let mut run = Recorder::default();
//! for frame in 0..3 {
//!     for body in 0..4 {
//!         run.body(Vec2::new(frame as f32, body as f32), Vec2::X);
//!     }
//!     run.end_frame();
//! }
//! let record = run.record();
//! assert_eq!(check("doc", &run, run.run_hash(), &record), Ok(()));
//!
//! let mut moved = Recorder::default();
//! for frame in 0..3 {
//!     for body in 0..4 {
//!         let nudge = if (frame, body) == (1, 2) { 1e-3 } else { 0.0 };
//!         moved.body(Vec2::new(frame as f32 + nudge, body as f32), Vec2::X);
//!     }
//!     moved.end_frame();
//! }
//! let failure = check("doc", &moved, run.run_hash(), &record).unwrap_err();
//! assert!(failure.contains("frame 1 is the first to differ: body 2"), "{failure}");
//! ```

use std::path::Path;

use glam::Vec2;

/// The prime the per-frame sums are taken modulo: `2³¹ − 1`.
const PRIME: u64 = (1 << 31) - 1;

/// FNV-1a 64's offset basis and prime.
const FNV_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// `hash` with `bytes` folded in, FNV-1a 64.
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash = (hash ^ u64::from(b)).wrapping_mul(FNV_PRIME);
    }
    hash
}

/// One frame's record: the bodies' hashes summed modulo [`PRIME`], weighted by `1`, `k`, `k²`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Digest {
    sums: [u64; 3],
    bodies: u64,
}

impl Digest {
    fn add(&mut self, body_hash: u64) {
        let k = (self.bodies + 1) % PRIME;
        let h = body_hash % PRIME;
        self.sums[0] = (self.sums[0] + h) % PRIME;
        self.sums[1] = (self.sums[1] + k * h) % PRIME;
        self.sums[2] = (self.sums[2] + k * k % PRIME * h) % PRIME;
        self.bodies += 1;
    }

    /// The line of the committed record: the three sums in hex.
    fn line(&self) -> String {
        format!(
            "{:08x} {:08x} {:08x}",
            self.sums[0], self.sums[1], self.sums[2]
        )
    }

    fn parse(line: &str) -> Option<[u64; 3]> {
        let mut sums = [0; 3];
        let mut words = line.split_whitespace();
        for sum in &mut sums {
            *sum = u64::from_str_radix(words.next()?, 16).ok()?;
        }
        Some(sums)
    }
}

/// A golden run as it goes: see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Recorder {
    hash: u64,
    frames: Vec<Digest>,
    current: Digest,
}

impl Default for Recorder {
    fn default() -> Self {
        Self {
            hash: FNV_BASIS,
            frames: Vec::new(),
            current: Digest::default(),
        }
    }
}

impl Recorder {
    /// Folds in the next body of this frame (bodies in a fixed order, frame after frame).
    pub fn body(&mut self, position: Vec2, velocity: Vec2) {
        let mut bytes = [0; 16];
        for (chunk, v) in bytes
            .chunks_exact_mut(4)
            .zip(position.to_array().into_iter().chain(velocity.to_array()))
        {
            chunk.copy_from_slice(&v.to_bits().to_le_bytes());
        }
        self.hash = fnv1a(self.hash, &bytes);
        let body = self.current.bodies.to_le_bytes();
        self.current.add(fnv1a(fnv1a(FNV_BASIS, &body), &bytes));
    }

    /// Closes the frame: the next [`body`](Self::body) is the first of the next frame.
    pub fn end_frame(&mut self) {
        self.hash = fnv1a(self.hash, &self.current.bodies.to_le_bytes());
        self.frames.push(core::mem::take(&mut self.current));
    }

    /// The frames closed so far.
    #[must_use]
    pub fn frames(&self) -> usize {
        self.frames.len()
    }

    /// FNV-1a 64 over every body's position and velocity bits and every frame's body count.
    #[must_use]
    pub fn run_hash(&self) -> u64 {
        self.hash
    }

    /// The per-frame record to commit beside the hash: one line per frame.
    #[must_use]
    pub fn record(&self) -> String {
        self.frames.iter().map(|d| d.line() + "\n").collect()
    }
}

/// Checks a finished run against its committed hash and per-frame record; on a difference,
/// the failure names the first frame that differs and, when one body explains it, the body.
///
/// # Errors
///
/// A message saying what differs, for the test to panic with.
pub fn check(name: &str, run: &Recorder, want_hash: u64, want_record: &str) -> Result<(), String> {
    let got = run.run_hash();
    if got == want_hash && run.record() == want_record {
        return Ok(());
    }
    let head = format!("golden run `{name}`: hash {got:#018x}, committed {want_hash:#018x}");
    let want: Vec<&str> = want_record.lines().collect();
    for (frame, digest) in run.frames.iter().enumerate() {
        let Some(line) = want.get(frame) else {
            return Err(format!(
                "{head}; the committed record ends at frame {frame}"
            ));
        };
        let Some(sums) = Digest::parse(line) else {
            return Err(format!(
                "{head}; the committed record's line {frame} is malformed"
            ));
        };
        if sums != digest.sums {
            let who = locate(digest, sums).map_or_else(
                || "several bodies differ there".to_string(),
                |body| format!("body {body} (alone)"),
            );
            return Err(format!(
                "{head}; frame {frame} is the first to differ: {who}"
            ));
        }
    }
    if want.len() != run.frames.len() {
        return Err(format!(
            "{head}; {} frames run, {} committed",
            run.frames.len(),
            want.len()
        ));
    }
    Err(format!(
        "{head}; every frame's record matches, so the committed hash is stale"
    ))
}

/// [`check`] against the hash `want_hash` and the record in the file at `path` (a missing
/// file reads as an empty record). With the environment variable `COLLIDE_BLESS` set, it
/// first writes the run's record to `path`, so a deliberate change is committed by running
/// the test once with it and putting the hash the failure names in the test.
///
/// # Errors
///
/// As [`check`]; a record that cannot be written when blessing.
pub fn check_file(name: &str, run: &Recorder, want_hash: u64, path: &Path) -> Result<(), String> {
    if std::env::var_os("COLLIDE_BLESS").is_some() {
        std::fs::write(path, run.record()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let want = std::fs::read_to_string(path).unwrap_or_default();
    check(name, run, want_hash, &want)
}

/// The one body (counted from 0) whose change explains the difference between two frames'
/// sums, or `None` when no single body does.
fn locate(got: &Digest, want: [u64; 3]) -> Option<u64> {
    let delta = |i: usize| (got.sums[i] + PRIME - want[i] % PRIME) % PRIME;
    let d = delta(0);
    if d == 0 {
        return None;
    }
    let k = delta(1) * inverse(d) % PRIME;
    let single = k >= 1 && k <= got.bodies && delta(2) == k * k % PRIME * d % PRIME;
    single.then(|| k - 1)
}

/// The inverse of `x` modulo [`PRIME`] (Fermat: `x^(p−2)`), for `x` in `1..PRIME`.
fn inverse(x: u64) -> u64 {
    let (mut base, mut exp, mut out) = (x, PRIME - 2, 1);
    while exp > 0 {
        if exp & 1 == 1 {
            out = out * base % PRIME;
        }
        base = base * base % PRIME;
        exp >>= 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(frames: u32, bodies: u32, change: impl Fn(u32, u32) -> f32) -> Recorder {
        let mut r = Recorder::default();
        for f in 0..frames {
            for b in 0..bodies {
                let v = Vec2::new(f as f32, b as f32 * 0.5);
                r.body(v, Vec2::splat(change(f, b)));
            }
            r.end_frame();
        }
        r
    }

    #[test]
    fn names_the_first_frame_and_the_one_body_that_differ() {
        let base = run(50, 300, |_, _| 1.0);
        let record = base.record();
        assert_eq!(check("t", &base, base.run_hash(), &record), Ok(()));
        for (frame, body) in [(0, 0), (7, 299), (31, 128), (49, 1)] {
            // From that frame on the body carries another velocity, as a diverged one would.
            let other = run(
                50,
                300,
                |f, b| if f >= frame && b == body { -0.0 } else { 1.0 },
            );
            let e = check("t", &other, base.run_hash(), &record).unwrap_err();
            let want = format!("frame {frame} is the first to differ: body {body} (alone)");
            assert!(e.contains(&want), "{e}");
        }
    }

    #[test]
    fn says_when_several_bodies_differ_and_when_only_the_hash_is_stale() {
        let base = run(20, 100, |_, _| 1.0);
        let record = base.record();
        let other = run(
            20,
            100,
            |f, b| if f == 5 && b % 10 == 3 { 2.0 } else { 1.0 },
        );
        let e = check("t", &other, base.run_hash(), &record).unwrap_err();
        assert!(
            e.contains("frame 5 is the first to differ: several bodies"),
            "{e}"
        );
        let e = check("t", &base, base.run_hash() ^ 1, &record).unwrap_err();
        assert!(e.contains("stale"), "{e}");
        let short = run(19, 100, |_, _| 1.0);
        let e = check("t", &short, base.run_hash(), &record).unwrap_err();
        assert!(e.contains("19 frames run, 20 committed"), "{e}");
    }

    #[test]
    fn the_hash_is_fnv1a_64() {
        // The published FNV-1a 64 value of "a".
        assert_eq!(fnv1a(FNV_BASIS, b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
