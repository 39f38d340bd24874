//! Oracles and helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

use collide_hull::{AlphaMask, Layout, Point};

/// A fixture's bytes, by file name.
pub fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("fixture {}: {e}", path.display()))
}

fn cross(o: Point, a: Point, b: Point) -> i64 {
    let (ax, ay) = (i64::from(a[0] - o[0]), i64::from(a[1] - o[1]));
    let (bx, by) = (i64::from(b[0] - o[0]), i64::from(b[1] - o[1]));
    ax * by - ay * bx
}

/// Every corner of every solid pixel of frame `index`, in frame coordinates.
pub fn solid_corners(mask: &AlphaMask, layout: &Layout, index: usize) -> Vec<Point> {
    let (ox, oy) = layout.frame_origin(index);
    let mut corners = Vec::new();
    for y in 0..layout.frame_height {
        for x in 0..layout.frame_width {
            if mask.is_solid(ox + x, oy + y) {
                let (x, y) = (x as i32, y as i32);
                corners.extend_from_slice(&[[x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]]);
            }
        }
    }
    corners.sort_unstable();
    corners.dedup();
    corners
}

/// The convex hull by gift wrapping (Jarvis march) over all the points: independent of the
/// library's monotone chain over row extremes. Collinear points are skipped (the farthest wins).
pub fn brute_force_hull(points: &[Point]) -> Vec<Point> {
    if points.len() < 3 {
        return points.to_vec();
    }
    let start = *points.iter().min().unwrap();
    let mut hull = vec![start];
    let mut current = start;
    let dist = |a: Point, b: Point| {
        let (dx, dy) = (i64::from(b[0] - a[0]), i64::from(b[1] - a[1]));
        dx * dx + dy * dy
    };
    loop {
        // The next vertex: no point lies to the right of current→next.
        let mut next = if points[0] == current {
            points[1]
        } else {
            points[0]
        };
        for &r in points {
            let turn = cross(current, next, r);
            if turn < 0 || (turn == 0 && dist(current, r) > dist(current, next)) {
                next = r;
            }
        }
        if next == start {
            return hull;
        }
        hull.push(next);
        current = next;
        assert!(hull.len() <= points.len(), "gift wrapping did not close");
    }
}

/// Whether `v` is a strictly convex polygon in positive-area order that winds once.
pub fn is_strictly_convex_positive(v: &[Point]) -> bool {
    let n = v.len();
    if n < 3 {
        return false;
    }
    let area2: i64 = (0..n)
        .map(|i| {
            let (a, b) = (v[i], v[(i + 1) % n]);
            i64::from(a[0]) * i64::from(b[1]) - i64::from(a[1]) * i64::from(b[0])
        })
        .sum();
    let turns = (0..n).all(|i| cross(v[i], v[(i + 1) % n], v[(i + 2) % n]) > 0);
    // Total turning of 360°: the edge directions' angles increase by exactly one full turn.
    let angle = |i: usize| {
        let (a, b) = (v[i], v[(i + 1) % n]);
        f64::from(b[1] - a[1]).atan2(f64::from(b[0] - a[0]))
    };
    let mut total = 0.0;
    for i in 0..n {
        let mut d = angle((i + 1) % n) - angle(i);
        while d <= -std::f64::consts::PI {
            d += std::f64::consts::TAU;
        }
        while d > std::f64::consts::PI {
            d -= std::f64::consts::TAU;
        }
        total += d;
    }
    area2 > 0 && turns && (total - std::f64::consts::TAU).abs() < 1e-6
}

/// Whether `p` lies inside or on the convex polygon `v` (positive-area order).
pub fn contains(v: &[Point], p: Point) -> bool {
    let n = v.len();
    (0..n).all(|i| cross(v[i], v[(i + 1) % n], p) >= 0)
}

/// The same vertex set (order aside).
pub fn same_set(a: &[Point], b: &[Point]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// Encodes an image as PNG bytes.
#[cfg(feature = "png")]
pub fn encode_png<I>(img: &I) -> Vec<u8>
where
    I: Clone,
    image::DynamicImage: From<I>,
{
    let mut out = Vec::new();
    image::DynamicImage::from(img.clone())
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .expect("encode");
    out
}

/// CRC-32 (ISO-HDLC, as PNG uses), bit by bit.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A PNG chunk: length, type, data, CRC.
pub fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_be_bytes());
    out
}

/// A PNG that is only a signature and an IHDR claiming `width × height` RGBA8 pixels, plus an
/// empty IEND: what a hostile file's header looks like.
pub fn header_only_png(width: u32, height: u32) -> Vec<u8> {
    let mut png = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    png.extend(chunk(b"IHDR", &ihdr));
    png.extend(chunk(b"IEND", &[]));
    png
}
