//! `demo-tunnel.png`: one shot of the tunnelling experiment, where it was frame by frame, its
//! swept path over the target, and the impact the exact sweep found.

use collide_core::{Aabb, Hit, SweepMode};
use collide_hull::image::RgbaImage;
use glam::Vec2;

use super::{
    BACKGROUND, BULLET, DIM_TEXT, DISCRETE_HIT, ENEMY_HULL, PANEL, SWEEP_HIT, TARGET, TEXT,
};
use crate::demo::tunnel::{self, Flight};
use crate::raster::{line_height, text_width, Canvas, Colour};

const WIDTH: f32 = 760.0;
const TOP_BAND: f32 = 64.0;
const LEGEND_BAND: f32 = 150.0;

/// `demo-tunnel.png`: one shot at `speed` against the tunnelling experiment's 14-unit target: where it was at
/// frame k and k + 1, its swept path, the target and the impact point the exact sweep found.
/// Returns the picture and whether the per-frame test missed the drawn shot.
pub fn tunnel_picture(speed: f32) -> (RgbaImage, bool) {
    let height = tunnel::TARGET_HEIGHT;
    let fps = tunnel::FPS;
    let (exact, missed) = match tunnel::missed_shot(height, fps, speed) {
        Some((_, exact)) => (exact, true),
        None => (
            tunnel::fly(height, fps, speed, 0.5, 0.0, SweepMode::Exact),
            false,
        ),
    };
    draw_tunnel(&exact, speed, missed)
        .map(|img| (img, missed))
        .unwrap_or_else(|| (RgbaImage::new(1, 1), missed))
}

fn draw_tunnel(exact: &Flight, speed: f32, missed: bool) -> Option<RgbaImage> {
    let (frame, hit) = exact.hit?;
    let before = exact.positions[frame - 1];
    let after = exact.positions[frame];
    let half = Vec2::new(tunnel::TARGET_WIDTH, tunnel::TARGET_HEIGHT) * 0.5;
    // Scale so the two positions and the target fill about 360 pixels.
    let span = (before.y - after.y).max(2.0 * half.y) + 16.0;
    let scale = (360.0 / span).clamp(0.02, 24.0);
    let map_height = span * scale;
    let height = TOP_BAND + map_height + LEGEND_BAND;
    let centre_y = (before.y + after.y) * 0.5;
    let origin = Vec2::new(0.0, centre_y - span * 0.5);
    let margin = Vec2::new(WIDTH * 0.5, TOP_BAND);
    let mut c = Canvas::new(
        WIDTH as u32,
        height as u32,
        BACKGROUND,
        origin,
        scale,
        margin,
    );
    draw_flight(&mut c, exact, frame, &hit, half);
    draw_title(&mut c, speed, before.y - after.y);
    draw_legend(&mut c, TOP_BAND + map_height, height, missed);
    Some(c.into_image())
}

/// The target, then the shot's frames: the earlier ones faint, k and k + 1 bright, the path
/// between them, the impact, and their labels.
fn draw_flight(c: &mut Canvas, exact: &Flight, frame: usize, hit: &Hit, half: Vec2) {
    let before = exact.positions[frame - 1];
    let after = exact.positions[frame];
    c.fill_box(-half, half, [TARGET[0], TARGET[1], TARGET[2], 110]);
    c.box_outline(-half, half, 2.0, TARGET);
    for p in &exact.positions[..frame - 1] {
        c.disc(*p, 0.0, 4.0, [BULLET[0], BULLET[1], BULLET[2], 90]);
    }
    c.line(before, after, 10.0, [BULLET[0], BULLET[1], BULLET[2], 70]);
    c.dashed_line(before, after, 2.0, 6.0, BULLET);
    c.disc(before, 0.0, 7.0, BULLET);
    c.disc(after, 0.0, 7.0, BULLET);
    c.cross(hit.impact.point, 9.0, 3.0, SWEEP_HIT);
    c.circle(hit.impact.point, 0.0, 14.0, 2.0, SWEEP_HIT);

    let label = |c: &mut Canvas, world: Vec2, text: &str, colour: Colour| {
        let p = c.to_pixel(world);
        c.text(p + Vec2::new(22.0, -7.0), text, 2, colour);
    };
    label(c, before, "FRAME K", BULLET);
    label(c, after, "FRAME K+1", BULLET);
    label(
        c,
        hit.impact.point,
        &format!("IMPACT, T = {:.2}", hit.impact.t),
        SWEEP_HIT,
    );
    let tp = c.to_pixel(Vec2::new(-half.x, 0.0));
    let tw = text_width("TARGET", 2);
    c.text(tp - Vec2::new(tw + 14.0, 7.0), "TARGET", 2, TARGET);
}

/// The title band: the shot's speed and travel per frame (`step`), the target's tunnelling
/// speed.
fn draw_title(c: &mut Canvas, speed: f32, step: f32) {
    let half = Vec2::new(tunnel::TARGET_WIDTH, tunnel::TARGET_HEIGHT) * 0.5;
    c.fill_pixels(Vec2::ZERO, Vec2::new(WIDTH, TOP_BAND), PANEL);
    let figure = collide_core::tunnelling_speed(&Aabb::new(Vec2::ZERO, half), 1.0 / tunnel::FPS);
    c.text(
        Vec2::new(12.0, 10.0),
        &format!(
            "SHOT AT {speed:.0} UNITS/S, {:.0} FPS: {step:.1} UNITS PER FRAME",
            tunnel::FPS
        ),
        2,
        TEXT,
    );
    c.text(
        Vec2::new(12.0, 34.0),
        &format!(
            "TARGET {:.0} UNITS TALL: TUNNELLING SPEED {figure:.0} UNITS/S",
            tunnel::TARGET_HEIGHT
        ),
        2,
        DIM_TEXT,
    );
}

/// The legend band from pixel row `top` to `bottom`: what the dots, the dashes and the cross
/// mean, and what the per-frame test made of the shot (`missed` or caught).
fn draw_legend(c: &mut Canvas, top: f32, bottom: f32, missed: bool) {
    c.fill_pixels(Vec2::new(0.0, top), Vec2::new(WIDTH, bottom), PANEL);
    let lines: [(Colour, String); 4] = [
        (
            BULLET,
            "DOTS: THE SHOT AT THE END OF EACH FRAME (IT MOVES UP)".to_owned(),
        ),
        (
            BULLET,
            "DASHED: ITS SWEPT PATH FROM FRAME K TO FRAME K+1".to_owned(),
        ),
        (
            if missed { DISCRETE_HIT } else { ENEMY_HULL },
            if missed {
                "PER-FRAME TEST: NEVER INSIDE THE TARGET, SO MISSED".to_owned()
            } else {
                "PER-FRAME TEST: INSIDE AT FRAME K+1, SO CAUGHT".to_owned()
            },
        ),
        (
            SWEEP_HIT,
            "X: WHERE THE EXACT SWEEP FOUND THE IMPACT".to_owned(),
        ),
    ];
    for (i, (colour, text)) in lines.iter().enumerate() {
        c.text(
            Vec2::new(16.0, top + 16.0 + i as f32 * line_height(2) * 1.5),
            text,
            2,
            *colour,
        );
    }
}
