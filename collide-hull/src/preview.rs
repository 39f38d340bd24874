//! The preview picture: every frame scaled up, its hull drawn in red over it.

use image::{Rgba, RgbaImage};

use crate::convex::Point;
use crate::{Error, Sprite};

/// How many preview pixels one sprite pixel becomes.
pub const PREVIEW_SCALE: u32 = 4;
/// The gap between frames (and the border), in preview pixels.
const GAP: u32 = 4;
/// The largest preview drawn: 256 Mi pixels (1 GiB of RGBA).
const MAX_PREVIEW_PIXELS: u64 = 256 * 1024 * 1024;

const BACKGROUND: [u8; 3] = [40, 40, 48];
const CHECKER: [u8; 3] = [56, 56, 64];
const HULL: Rgba<u8> = Rgba([255, 32, 32, 255]);
const EXACT: Rgba<u8> = Rgba([64, 200, 255, 255]);
const DIFFERENCE: [u8; 3] = [255, 220, 0];

/// Draws every frame scaled [`PREVIEW_SCALE`]× over a dark checkerboard, frames laid out as in
/// the sheet with a gap between them; the output hull in red; where simplification changed
/// the hull, the exact hull in light blue and the area cut off or added tinted yellow.
///
/// # Errors
/// [`Error::InvalidOption`] when the picture would exceed 256 Mi pixels (a sprite sheet of
/// more than about 16 Mi pixels).
pub fn render_preview(sprite: &Sprite) -> Result<RgbaImage, Error> {
    let layout = sprite.layout;
    let size = |frame: u32, count: u32| {
        let cell = u64::from(frame) * u64::from(PREVIEW_SCALE) + u64::from(GAP);
        u64::from(GAP) + u64::from(count) * cell
    };
    let (width, height) = (
        size(layout.frame_width, layout.columns),
        size(layout.frame_height, layout.rows),
    );
    if width.saturating_mul(height) > MAX_PREVIEW_PIXELS {
        return Err(Error::InvalidOption(format!(
            "a {width}×{height} preview is larger than {MAX_PREVIEW_PIXELS} pixels"
        )));
    }
    let (width, height) = (width as u32, height as u32);
    let (cell_w, cell_h) = (
        layout.frame_width * PREVIEW_SCALE,
        layout.frame_height * PREVIEW_SCALE,
    );
    let rgba = sprite.image.to_rgba8();
    let mut out = RgbaImage::from_pixel(width, height, opaque(BACKGROUND));

    for (index, frame) in sprite.collider.frames.iter().enumerate() {
        let (fx, fy) = layout.frame_origin(index);
        let (col, row) = (fx / layout.frame_width, fy / layout.frame_height);
        let (ox, oy) = (GAP + col * (cell_w + GAP), GAP + row * (cell_h + GAP));
        let exact = sprite.exact.get(index).map_or(&[][..], Vec::as_slice);
        let changed = exact != frame.vertices.as_slice();
        for py in 0..cell_h {
            for px in 0..cell_w {
                let (sx, sy) = (px / PREVIEW_SCALE, py / PREVIEW_SCALE);
                let checker = if ((px / 8) + (py / 8)) % 2 == 0 {
                    BACKGROUND
                } else {
                    CHECKER
                };
                let src = rgba
                    .get_pixel_checked(fx + sx, fy + sy)
                    .map_or([0; 4], |p| p.0);
                let mut colour = blend(checker, [src[0], src[1], src[2]], src[3]);
                if changed {
                    let centre = [
                        (f64::from(px) + 0.5) / f64::from(PREVIEW_SCALE),
                        (f64::from(py) + 0.5) / f64::from(PREVIEW_SCALE),
                    ];
                    if contains(exact, centre) != contains(&frame.vertices, centre) {
                        colour = blend(colour, DIFFERENCE, 110);
                    }
                }
                if let Some(p) = out.get_pixel_mut_checked(ox + px, oy + py) {
                    *p = opaque(colour);
                }
            }
        }
        if changed {
            draw_polygon(&mut out, exact, (ox, oy), EXACT);
        }
        draw_polygon(&mut out, &frame.vertices, (ox, oy), HULL);
    }
    Ok(out)
}

fn opaque(c: [u8; 3]) -> Rgba<u8> {
    Rgba([c[0], c[1], c[2], 255])
}

fn blend(under: [u8; 3], over: [u8; 3], alpha: u8) -> [u8; 3] {
    let a = u32::from(alpha);
    let mix = |u: u8, o: u8| ((u32::from(u) * (255 - a) + u32::from(o) * a + 127) / 255) as u8;
    [
        mix(under[0], over[0]),
        mix(under[1], over[1]),
        mix(under[2], over[2]),
    ]
}

/// Whether `p` lies inside or on a convex polygon in positive-area order (never for an empty
/// one).
fn contains(polygon: &[Point], p: [f64; 2]) -> bool {
    let n = polygon.len();
    n >= 3
        && (0..n).all(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % n]);
            let (ax, ay) = (f64::from(a[0]), f64::from(a[1]));
            let (bx, by) = (f64::from(b[0]), f64::from(b[1]));
            (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) >= 0.0
        })
}

/// Draws the closed outline of `polygon` (frame pixel corners) at `origin` in preview pixels.
fn draw_polygon(out: &mut RgbaImage, polygon: &[Point], origin: (u32, u32), colour: Rgba<u8>) {
    let n = polygon.len();
    let to_preview = |p: Point| {
        let s = PREVIEW_SCALE as i64;
        (
            i64::from(origin.0) + i64::from(p[0]) * s,
            i64::from(origin.1) + i64::from(p[1]) * s,
        )
    };
    for i in 0..n {
        let from = to_preview(polygon[i]);
        let to = to_preview(polygon[(i + 1) % n]);
        draw_line(out, from, to, colour);
    }
}

/// Bresenham's line from `a` to `b`, both ends included, clipped to the image.
pub(crate) fn draw_line(out: &mut RgbaImage, a: (i64, i64), b: (i64, i64), colour: Rgba<u8>) {
    let (mut x, mut y) = a;
    let dx = (b.0 - a.0).abs();
    let dy = -(b.1 - a.1).abs();
    let (sx, sy) = (
        if a.0 < b.0 { 1 } else { -1 },
        if a.1 < b.1 { 1 } else { -1 },
    );
    let mut err = dx + dy;
    loop {
        if x >= 0 && y >= 0 && x < i64::from(out.width()) && y < i64::from(out.height()) {
            out.put_pixel(x as u32, y as u32, colour);
        }
        if (x, y) == b {
            break;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bresenham_draws_both_ends_and_a_connected_line() {
        let mut img = RgbaImage::new(10, 10);
        let red = Rgba([255, 0, 0, 255]);
        draw_line(&mut img, (1, 1), (8, 4), red);
        assert_eq!(*img.get_pixel(1, 1), red);
        assert_eq!(*img.get_pixel(8, 4), red);
        // One pixel per column along an x-major line.
        for x in 1..=8 {
            let count = (0..10).filter(|&y| *img.get_pixel(x, y) == red).count();
            assert_eq!(count, 1, "column {x}");
        }
        // Clipped, not panicking, off the image.
        draw_line(&mut img, (-5, -5), (20, 3), red);
    }

    #[test]
    fn contains_is_inclusive_and_convex() {
        let square = [[0, 0], [4, 0], [4, 4], [0, 4]];
        assert!(contains(&square, [2.0, 2.0]));
        assert!(contains(&square, [4.0, 2.0]));
        assert!(!contains(&square, [4.5, 2.0]));
        assert!(!contains(&[], [0.0, 0.0]));
    }
}
