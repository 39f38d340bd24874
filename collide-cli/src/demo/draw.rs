//! A small software rasterizer for the demo's pictures: lines, boxes, circles, convex polygons
//! and a 5×7 bitmap font, drawn in world units through a scale and an offset.

use collide_hull::image::{Rgba, RgbaImage};
use glam::Vec2;

/// An RGBA colour; alpha below 255 blends over what is already drawn.
pub type Colour = [u8; 4];

/// A picture with a world-to-pixel transform: `pixel = (world - origin) * scale + margin`.
pub struct Canvas {
    image: RgbaImage,
    origin: Vec2,
    scale: f32,
    margin: Vec2,
}

impl Canvas {
    /// A `width × height` picture filled with `background`, showing world point `origin` at
    /// pixel `margin`, `scale` pixels per world unit.
    pub fn new(
        width: u32,
        height: u32,
        background: Colour,
        origin: Vec2,
        scale: f32,
        margin: Vec2,
    ) -> Self {
        Self {
            image: RgbaImage::from_pixel(width, height, Rgba(background)),
            origin,
            scale,
            margin,
        }
    }

    /// The finished picture.
    pub fn into_image(self) -> RgbaImage {
        self.image
    }

    /// Pixels per world unit.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The pixel position of a world point.
    pub fn to_pixel(&self, world: Vec2) -> Vec2 {
        (world - self.origin) * self.scale + self.margin
    }

    /// Blends `colour` into pixel `(x, y)`, ignoring pixels outside the picture.
    fn blend(&mut self, x: i64, y: i64, colour: Colour) {
        let (w, h) = (
            i64::from(self.image.width()),
            i64::from(self.image.height()),
        );
        if x < 0 || y < 0 || x >= w || y >= h {
            return;
        }
        let px = self.image.get_pixel_mut(x as u32, y as u32);
        let a = u16::from(colour[3]);
        for (old, new) in px.0.iter_mut().zip(colour).take(3) {
            *old = ((u16::from(new) * a + u16::from(*old) * (255 - a)) / 255) as u8;
        }
        px.0[3] = 255;
    }

    /// Fills the pixel rectangle `[min, max)`, in pixels.
    pub fn fill_pixels(&mut self, min: Vec2, max: Vec2, colour: Colour) {
        let (x0, y0) = (min.x.round() as i64, min.y.round() as i64);
        let (x1, y1) = (max.x.round() as i64, max.y.round() as i64);
        for y in y0..y1 {
            for x in x0..x1 {
                self.blend(x, y, colour);
            }
        }
    }

    /// Fills a world-space box given by its corners.
    pub fn fill_box(&mut self, min: Vec2, max: Vec2, colour: Colour) {
        let (a, b) = (self.to_pixel(min), self.to_pixel(max));
        self.fill_pixels(a.min(b), a.max(b), colour);
    }

    /// Outlines a world-space box, `width` pixels thick, inside its edges.
    pub fn box_outline(&mut self, min: Vec2, max: Vec2, width: f32, colour: Colour) {
        let (a, b) = (self.to_pixel(min), self.to_pixel(max));
        let (lo, hi) = (a.min(b), a.max(b));
        let w = width.max(1.0);
        self.fill_pixels(lo, Vec2::new(hi.x, lo.y + w), colour);
        self.fill_pixels(Vec2::new(lo.x, hi.y - w), hi, colour);
        self.fill_pixels(
            Vec2::new(lo.x, lo.y + w),
            Vec2::new(lo.x + w, hi.y - w),
            colour,
        );
        self.fill_pixels(
            Vec2::new(hi.x - w, lo.y + w),
            Vec2::new(hi.x, hi.y - w),
            colour,
        );
    }

    /// A line between two pixel positions, `width` pixels thick, without overdraw.
    pub fn line_pixels(&mut self, a: Vec2, b: Vec2, width: f32, colour: Colour) {
        let half = width.max(1.0) * 0.5;
        let lo = (a.min(b) - Vec2::splat(half + 1.0)).floor();
        let hi = (a.max(b) + Vec2::splat(half + 1.0)).ceil();
        let d = b - a;
        let len_sq = d.length_squared();
        for y in lo.y as i64..hi.y as i64 {
            for x in lo.x as i64..hi.x as i64 {
                let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                let t = if len_sq > 0.0 {
                    ((p - a).dot(d) / len_sq).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                if (a + d * t).distance(p) <= half {
                    self.blend(x, y, colour);
                }
            }
        }
    }

    /// A world-space line, `width` pixels thick.
    pub fn line(&mut self, a: Vec2, b: Vec2, width: f32, colour: Colour) {
        let (a, b) = (self.to_pixel(a), self.to_pixel(b));
        self.line_pixels(a, b, width, colour);
    }

    /// A dashed world-space line: `dash` pixels on, `dash` pixels off.
    pub fn dashed_line(&mut self, a: Vec2, b: Vec2, width: f32, dash: f32, colour: Colour) {
        let (a, b) = (self.to_pixel(a), self.to_pixel(b));
        let len = a.distance(b);
        if len <= 0.0 || dash <= 0.0 {
            return;
        }
        let dir = (b - a) / len;
        let mut s = 0.0;
        while s < len {
            let e = (s + dash).min(len);
            self.line_pixels(a + dir * s, a + dir * e, width, colour);
            s += 2.0 * dash;
        }
    }

    /// A filled disc around a pixel position.
    pub fn disc_pixels(&mut self, centre: Vec2, radius: f32, colour: Colour) {
        self.ring_pixels(centre, 0.0, radius, colour);
    }

    /// The pixels whose centres lie between `inner` and `outer` pixels from `centre`.
    fn ring_pixels(&mut self, centre: Vec2, inner: f32, outer: f32, colour: Colour) {
        let lo = (centre - Vec2::splat(outer + 1.0)).floor();
        let hi = (centre + Vec2::splat(outer + 1.0)).ceil();
        for y in lo.y as i64..hi.y as i64 {
            for x in lo.x as i64..hi.x as i64 {
                let d = Vec2::new(x as f32 + 0.5, y as f32 + 0.5).distance(centre);
                if d <= outer && d >= inner {
                    self.blend(x, y, colour);
                }
            }
        }
    }

    /// A world-space circle, drawn at least `min_pixels` in radius so small things stay visible.
    pub fn disc(&mut self, centre: Vec2, radius: f32, min_pixels: f32, colour: Colour) {
        let c = self.to_pixel(centre);
        self.disc_pixels(c, (radius * self.scale).max(min_pixels), colour);
    }

    /// A circle outline around a pixel position, `width` pixels thick.
    pub fn circle_pixels(&mut self, centre: Vec2, radius: f32, width: f32, colour: Colour) {
        self.ring_pixels(centre, radius - width * 0.5, radius + width * 0.5, colour);
    }

    /// A world-space circle outline, at least `min_pixels` in radius.
    pub fn circle(&mut self, centre: Vec2, radius: f32, min_pixels: f32, width: f32, c: Colour) {
        let p = self.to_pixel(centre);
        self.circle_pixels(p, (radius * self.scale).max(min_pixels), width, c);
    }

    /// A closed world-space polygon outline.
    pub fn polygon(&mut self, points: &[Vec2], width: f32, colour: Colour) {
        for (i, &a) in points.iter().enumerate() {
            let b = points[(i + 1) % points.len()];
            self.line(a, b, width, colour);
        }
    }

    /// Fills a convex world-space polygon (either winding).
    pub fn fill_convex(&mut self, points: &[Vec2], colour: Colour) {
        if points.len() < 3 {
            return;
        }
        let px: Vec<Vec2> = points.iter().map(|&p| self.to_pixel(p)).collect();
        let lo = px
            .iter()
            .fold(Vec2::splat(f32::MAX), |m, p| m.min(*p))
            .floor();
        let hi = px
            .iter()
            .fold(Vec2::splat(f32::MIN), |m, p| m.max(*p))
            .ceil();
        for y in lo.y as i64..hi.y as i64 {
            for x in lo.x as i64..hi.x as i64 {
                let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                let (mut pos, mut neg) = (false, false);
                for (i, &a) in px.iter().enumerate() {
                    let b = px[(i + 1) % px.len()];
                    let cross = (b - a).perp_dot(p - a);
                    pos |= cross > 0.0;
                    neg |= cross < 0.0;
                }
                if !(pos && neg) {
                    self.blend(x, y, colour);
                }
            }
        }
    }

    /// A cross (×) of half-size `size` pixels at a world point.
    pub fn cross(&mut self, at: Vec2, size: f32, width: f32, colour: Colour) {
        let p = self.to_pixel(at);
        self.line_pixels(p - Vec2::splat(size), p + Vec2::splat(size), width, colour);
        self.line_pixels(
            p + Vec2::new(-size, size),
            p + Vec2::new(size, -size),
            width,
            colour,
        );
    }

    /// Writes `text` with its top-left corner at pixel `at`, each font pixel `size` pixels
    /// wide; returns the pixel width written. Lower case is drawn as upper case; characters
    /// the font lacks are drawn as `?`.
    pub fn text(&mut self, at: Vec2, text: &str, size: u32, colour: Colour) -> f32 {
        let s = size.max(1) as f32;
        let mut x = at.x;
        for ch in text.chars() {
            let rows = glyph(ch.to_ascii_uppercase());
            for (row, bits) in rows.iter().enumerate() {
                for col in 0..5 {
                    if bits & (0b1_0000 >> col) != 0 {
                        let p = Vec2::new(x + col as f32 * s, at.y + row as f32 * s);
                        self.fill_pixels(p, p + Vec2::splat(s), colour);
                    }
                }
            }
            x += 6.0 * s;
        }
        x - at.x
    }
}

/// Pixel width of `text` drawn at `size`.
pub fn text_width(text: &str, size: u32) -> f32 {
    text.chars().count() as f32 * 6.0 * size.max(1) as f32
}

/// Height of a line of text at `size`, with spacing.
pub fn line_height(size: u32) -> f32 {
    9.0 * size.max(1) as f32
}

/// The 5×7 glyph of an upper-case character: seven rows, the high five bits of each used.
fn glyph(ch: char) -> [u8; 7] {
    match ch {
        'A' => [0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        'B' => [0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E],
        'C' => [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E],
        'D' => [0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C],
        'E' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F],
        'F' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10],
        'G' => [0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F],
        'H' => [0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        'I' => [0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E],
        'J' => [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C],
        'K' => [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11],
        'L' => [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F],
        'M' => [0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11],
        'N' => [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
        'O' => [0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'P' => [0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10],
        'Q' => [0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D],
        'R' => [0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11],
        'S' => [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E],
        'T' => [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        'U' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'V' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04],
        'W' => [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A],
        'X' => [0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11],
        'Y' => [0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04],
        'Z' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F],
        '0' => [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E],
        '1' => [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        '2' => [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F],
        '3' => [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        '4' => [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02],
        '5' => [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        '6' => [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E],
        '7' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        '8' => [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E],
        '9' => [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        ' ' => [0; 7],
        '.' => [0, 0, 0, 0, 0, 0x0C, 0x0C],
        ',' => [0, 0, 0, 0, 0x0C, 0x04, 0x08],
        ':' => [0, 0x0C, 0x0C, 0, 0x0C, 0x0C, 0],
        '-' => [0, 0, 0, 0x1F, 0, 0, 0],
        '+' => [0, 0x04, 0x04, 0x1F, 0x04, 0x04, 0],
        '=' => [0, 0, 0x1F, 0, 0x1F, 0, 0],
        '/' => [0, 0x01, 0x02, 0x04, 0x08, 0x10, 0],
        '(' => [0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02],
        ')' => [0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08],
        '<' => [0x02, 0x04, 0x08, 0x10, 0x08, 0x04, 0x02],
        '>' => [0x08, 0x04, 0x02, 0x01, 0x02, 0x04, 0x08],
        '%' => [0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03],
        '\'' => [0x0C, 0x04, 0x08, 0, 0, 0, 0],
        _ => [0x0E, 0x11, 0x01, 0x02, 0x04, 0, 0x04],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canvas() -> Canvas {
        Canvas::new(40, 20, [0, 0, 0, 255], Vec2::ZERO, 2.0, Vec2::ZERO)
    }

    fn lit(c: &Canvas) -> usize {
        c.image.pixels().filter(|p| p.0 != [0, 0, 0, 255]).count()
    }

    #[test]
    fn boxes_fill_exactly_their_pixels() {
        let mut c = canvas();
        c.fill_box(Vec2::new(1.0, 1.0), Vec2::new(3.0, 4.0), [255, 0, 0, 255]);
        // World 2×3 at scale 2: 4×6 pixels.
        assert_eq!(lit(&c), 24);
        assert_eq!(c.image.get_pixel(2, 2).0, [255, 0, 0, 255]);
        assert_eq!(c.image.get_pixel(6, 2).0, [0, 0, 0, 255]);
    }

    #[test]
    fn half_alpha_blends_halfway() {
        let mut c = canvas();
        c.fill_pixels(Vec2::ZERO, Vec2::ONE, [255, 255, 255, 128]);
        let v = c.image.get_pixel(0, 0).0[0];
        assert!((126..=130).contains(&v), "{v}");
    }

    #[test]
    fn drawing_outside_the_picture_is_clipped() {
        let mut c = canvas();
        c.line(
            Vec2::new(-50.0, -50.0),
            Vec2::new(100.0, 100.0),
            3.0,
            [0, 255, 0, 255],
        );
        c.disc(Vec2::new(500.0, 5.0), 3.0, 1.0, [0, 255, 0, 255]);
        assert!(lit(&c) > 0);
    }

    #[test]
    fn text_width_matches_what_is_drawn() {
        let mut c = Canvas::new(200, 20, [0, 0, 0, 255], Vec2::ZERO, 1.0, Vec2::ZERO);
        let w = c.text(Vec2::ZERO, "Hit 1.0", 2, [255; 4]);
        assert!((w - text_width("Hit 1.0", 2)).abs() < 1e-6);
        assert!(lit(&c) > 0);
        // Every listed character differs from the fallback glyph.
        for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:-+=/()<>%'".chars() {
            assert_ne!(glyph(ch), glyph('~'), "{ch}");
        }
    }

    #[test]
    fn convex_fill_covers_a_triangle_half_of_its_box() {
        let mut c = Canvas::new(100, 100, [0, 0, 0, 255], Vec2::ZERO, 1.0, Vec2::ZERO);
        c.fill_convex(
            &[Vec2::ZERO, Vec2::new(100.0, 0.0), Vec2::new(0.0, 100.0)],
            [9, 9, 9, 255],
        );
        let n = lit(&c) as f32;
        assert!((n - 5_000.0).abs() < 150.0, "{n}");
    }
}
