//! Part 3: the two pictures, `demo-scene.png` and `demo-tunnel.png`.

use collide_broad::PassHit;
use collide_core::{Aabb, Pose, ShapeRef, SweepMode};
use collide_hull::image::RgbaImage;
use collide_scene::Role;
use glam::Vec2;

use super::scene::{Shapes, Snapshot};
use super::tunnel::{self, Flight};
use crate::raster::{line_height, text_width, Canvas, Colour};

const BACKGROUND: Colour = [18, 22, 38, 255];
const PANEL: Colour = [32, 38, 60, 255];
const TEXT: Colour = [230, 232, 240, 255];
const DIM_TEXT: Colour = [160, 166, 190, 255];
const BULLET: Colour = [255, 214, 64, 255];
const ENEMY_BOX: Colour = [96, 164, 255, 255];
const ENEMY_HULL: Colour = [110, 224, 140, 255];
const SWEPT_BOX: Colour = [170, 176, 210, 70];
const DISCRETE_HIT: Colour = [255, 140, 30, 255];
const SWEEP_HIT: Colour = [255, 60, 210, 255];
const TARGET: Colour = [96, 164, 255, 255];

/// The largest part of the field the scene picture shows, in world units (the whole field at
/// 100 objects; the top-left corner of bigger ones).
pub const SCENE_WINDOW: Vec2 = Vec2::new(640.0, 360.0);
const SCENE_SCALE: f32 = 2.0;
const INSET_SCALE: f32 = 16.0;
const INSET_PIXELS: f32 = 288.0;
const TITLE_BAND: f32 = 56.0;
const LEGEND_BAND: f32 = 64.0;

/// What the scene picture's title says about the run.
pub struct SceneCaption<'a> {
    /// The broad phase the hits come from (every one gives the same).
    pub broad_phase: &'a str,
    /// The sweep mode.
    pub mode: SweepMode,
}

/// A colour at a quarter of its strength, for fills under outlines.
fn fade(c: Colour) -> Colour {
    [c[0], c[1], c[2], 48]
}

/// Draws every body of the snapshot's frame inside `SCENE_WINDOW` on `canvas`.
fn draw_bodies(canvas: &mut Canvas, snap: &Snapshot, shapes: &Shapes) {
    let scene = &snap.scene;
    let scale = canvas.scale();
    for o in scene.objects() {
        let shape = shapes.of(o);
        let start = shape.aabb(&Pose::new(o.previous, o.rotation));
        let end = shape.aabb(&Pose::new(o.position, o.rotation));
        let swept = start.union(&end);
        canvas.box_outline(swept.min(), swept.max(), 1.0, SWEPT_BOX);
        let width = (scale * 0.75).max(1.5);
        match shape {
            ShapeRef::Circle(c) => {
                let colour = if o.role == Role::Bullet {
                    BULLET
                } else {
                    ENEMY_BOX
                };
                canvas.disc(o.position, c.radius, 2.0, colour);
            }
            ShapeRef::Rect(r) => {
                let (lo, hi) = (o.position - r.half_extents, o.position + r.half_extents);
                canvas.fill_box(lo, hi, fade(ENEMY_BOX));
                canvas.box_outline(
                    o.position - r.half_extents,
                    o.position + r.half_extents,
                    width,
                    ENEMY_BOX,
                );
            }
            ShapeRef::Hull(h) => {
                let pose = Pose::new(o.position, o.rotation);
                let points: Vec<Vec2> = h
                    .vertices()
                    .iter()
                    .map(|&v| pose.transform_point(v))
                    .collect();
                canvas.fill_convex(&points, fade(ENEMY_HULL));
                canvas.polygon(&points, width, ENEMY_HULL);
            }
        }
    }
}

/// Draws the snapshot's hits: end-of-frame hits as orange rings, sweep hits as magenta rings
/// with the bullet's path and where it was when it touched.
fn draw_hits(canvas: &mut Canvas, snap: &Snapshot) {
    let scale = canvas.scale();
    let objects = snap.scene.objects();
    for h in &snap.hits {
        if h.hit.by_sweep {
            let bullet = &objects[h.a];
            canvas.line(bullet.previous, bullet.position, 2.0, SWEEP_HIT);
            // The bullet where it touched, as an outline so its path stays visible.
            canvas.circle(
                bullet.previous + (bullet.position - bullet.previous) * h.hit.t,
                2.0,
                3.0,
                2.0,
                SWEEP_HIT,
            );
            canvas.circle(h.hit.point, 0.0, 3.0 * scale + 4.0, 3.0, SWEEP_HIT);
        } else {
            canvas.circle(h.hit.point, 0.0, 2.0 * scale + 3.0, 2.0, DISCRETE_HIT);
        }
    }
}

/// The first sweep hit inside the window, a graze (`t > 0`) if there is one.
fn first_sweep_hit(hits: &[PassHit], window: &Aabb) -> Option<PassHit> {
    let swept = |h: &&PassHit| h.hit.by_sweep && window.contains_point(h.hit.point);
    let mut candidates = hits.iter().filter(swept);
    hits.iter()
        .filter(swept)
        .find(|h| h.hit.t > 0.0)
        .or_else(|| candidates.next())
        .copied()
}

/// `demo-scene.png`: one frame of the scene with every body, its swept box and its hits,
/// with a magnified inset around a hit only the sweep found.
pub fn scene_picture(snap: &Snapshot, shapes: &Shapes, caption: &SceneCaption<'_>) -> RgbaImage {
    let field = snap.scene.field();
    let view = field.min(SCENE_WINDOW);
    let window = Aabb::from_min_max(Vec2::ZERO, view);
    let map = view * SCENE_SCALE;
    let width = map.x as u32;
    let height = (map.y + TITLE_BAND + LEGEND_BAND) as u32;
    let mut c = Canvas::new(
        width,
        height,
        BACKGROUND,
        Vec2::ZERO,
        SCENE_SCALE,
        Vec2::new(0.0, TITLE_BAND),
    );
    draw_bodies(&mut c, snap, shapes);
    draw_hits(&mut c, snap);

    let inset_hit = first_sweep_hit(&snap.hits, &window);
    if let Some(h) = inset_hit {
        let world = INSET_PIXELS / INSET_SCALE;
        let origin = h.hit.point - Vec2::splat(world * 0.5);
        let mut inset = Canvas::new(
            INSET_PIXELS as u32,
            INSET_PIXELS as u32,
            BACKGROUND,
            origin,
            INSET_SCALE,
            Vec2::ZERO,
        );
        draw_bodies(&mut inset, snap, shapes);
        draw_hits(&mut inset, snap);
        // In the corner across from the hit, so the inset never hides it.
        let right = h.hit.point.x < view.x * 0.5;
        let below = h.hit.point.y < view.y * 0.5;
        let at = Vec2::new(
            if right {
                map.x - INSET_PIXELS - 12.0
            } else {
                12.0
            },
            if below {
                TITLE_BAND + map.y - INSET_PIXELS - 12.0
            } else {
                TITLE_BAND + 12.0
            },
        );
        // Where the inset looks, on the map, and the inset itself with a frame.
        let look = c.to_pixel(origin);
        c.line_pixels(
            look + Vec2::splat(world * SCENE_SCALE * 0.5),
            at + Vec2::new(if right { 0.0 } else { INSET_PIXELS }, INSET_PIXELS * 0.5),
            1.5,
            SWEEP_HIT,
        );
        let frame_min = c.to_pixel(origin);
        let frame_max = c.to_pixel(origin + Vec2::splat(world));
        c.fill_pixels(frame_min, frame_max, [255, 60, 210, 40]);
        paste(&mut c, &inset.into_image(), at);
        let border = [SWEEP_HIT[0], SWEEP_HIT[1], SWEEP_HIT[2], 255];
        c.fill_pixels(
            at - Vec2::splat(3.0),
            Vec2::new(at.x + INSET_PIXELS + 3.0, at.y),
            border,
        );
        c.fill_pixels(
            Vec2::new(at.x - 3.0, at.y + INSET_PIXELS),
            at + Vec2::splat(INSET_PIXELS + 3.0),
            border,
        );
        c.fill_pixels(
            Vec2::new(at.x - 3.0, at.y),
            Vec2::new(at.x, at.y + INSET_PIXELS),
            border,
        );
        c.fill_pixels(
            Vec2::new(at.x + INSET_PIXELS, at.y),
            Vec2::new(at.x + INSET_PIXELS + 3.0, at.y + INSET_PIXELS),
            border,
        );
        c.text(
            at + Vec2::new(8.0, 8.0),
            &format!("ZOOM X{}", (INSET_SCALE / SCENE_SCALE) as u32),
            2,
            TEXT,
        );
    }

    // Title.
    c.fill_pixels(Vec2::ZERO, Vec2::new(map.x, TITLE_BAND), PANEL);
    let visible = |h: &&PassHit| window.contains_point(h.hit.point);
    let hits = snap.hits.iter().filter(visible).count();
    let swept = snap
        .hits
        .iter()
        .filter(visible)
        .filter(|h| h.hit.by_sweep)
        .count();
    let objects = snap.scene.objects().len();
    let area = if view == field {
        format!("{objects} OBJECTS")
    } else {
        format!(
            "{}X{} CORNER OF THE {objects}-OBJECT FIELD",
            view.x as u32, view.y as u32
        )
    };
    c.text(
        Vec2::new(12.0, 10.0),
        &format!(
            "SHMUP SCENE, FRAME {}: {area}, {} BROAD PHASE, {} SWEEP",
            snap.scene.frame(),
            caption.broad_phase.replace('_', " "),
            super::tunnel::mode_name(caption.mode),
        ),
        2,
        TEXT,
    );
    c.text(
        Vec2::new(12.0, 32.0),
        &format!(
            "{hits} HITS, {swept} FOUND ONLY BY THE SWEEP (THE END-OF-FRAME TEST MISSED THEM)"
        ),
        2,
        DIM_TEXT,
    );

    // Legend.
    let top = TITLE_BAND + map.y;
    c.fill_pixels(
        Vec2::new(0.0, top),
        Vec2::new(map.x, top + LEGEND_BAND),
        PANEL,
    );
    let mut x = 14.0;
    let row1 = top + 14.0;
    let row2 = top + 40.0;
    let item =
        |c: &mut Canvas, x: &mut f32, y: f32, label: &str, draw: &dyn Fn(&mut Canvas, Vec2)| {
            draw(c, Vec2::new(*x + 10.0, y + 7.0));
            *x += c.text(Vec2::new(*x + 26.0, y), label, 2, TEXT) + 52.0;
        };
    item(&mut c, &mut x, row1, "BULLET", &|c, p| {
        c.disc_pixels(p, 4.0, BULLET)
    });
    item(&mut c, &mut x, row1, "ENEMY BOX", &|c, p| {
        let h = Vec2::splat(7.0);
        c.fill_pixels(p - h, p + h, ENEMY_BOX);
        c.fill_pixels(p - h + 2.0, p + h - 2.0, PANEL);
    });
    item(
        &mut c,
        &mut x,
        row1,
        "ENEMY HULL (FROM A SPRITE)",
        &|c, p| {
            let pts = [
                (-7.0, -3.0),
                (-3.0, -7.0),
                (5.0, -6.0),
                (7.0, 2.0),
                (0.0, 7.0),
            ]
            .map(|(dx, dy)| p + Vec2::new(dx, dy));
            for i in 0..pts.len() {
                c.line_pixels(pts[i], pts[(i + 1) % pts.len()], 2.0, ENEMY_HULL);
            }
        },
    );
    item(&mut c, &mut x, row1, "SWEPT BOX", &|c, p| {
        let h = Vec2::new(7.0, 9.0);
        let o = [SWEPT_BOX[0], SWEPT_BOX[1], SWEPT_BOX[2], 160];
        c.fill_pixels(p - h, Vec2::new(p.x + h.x, p.y - h.y + 1.0), o);
        c.fill_pixels(Vec2::new(p.x - h.x, p.y + h.y - 1.0), p + h, o);
        c.fill_pixels(p - h, Vec2::new(p.x - h.x + 1.0, p.y + h.y), o);
        c.fill_pixels(Vec2::new(p.x + h.x - 1.0, p.y - h.y), p + h, o);
    });
    let mut x = 14.0;
    item(
        &mut c,
        &mut x,
        row2,
        "HIT FOUND BY THE END-OF-FRAME TEST",
        &|c, p| {
            c.circle_pixels(p, 7.0, 2.0, DISCRETE_HIT);
        },
    );
    item(
        &mut c,
        &mut x,
        row2,
        "HIT FOUND BY THE SWEEP (PATH AND CONTACT)",
        &|c, p| {
            c.circle_pixels(p, 7.0, 3.0, SWEEP_HIT);
            c.disc_pixels(p, 2.5, SWEEP_HIT);
        },
    );
    c.into_image()
}

/// Copies `src` onto the canvas with its top-left corner at pixel `at`.
fn paste(canvas: &mut Canvas, src: &RgbaImage, at: Vec2) {
    for (x, y, p) in src.enumerate_pixels() {
        let q = at + Vec2::new(x as f32, y as f32);
        canvas.fill_pixels(q, q + Vec2::ONE, p.0);
    }
}

/// `demo-tunnel.png`: one shot at `speed` against seed 001's 14-unit target: where it was at
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
    let step = before.y - after.y;
    // Scale so the two positions and the target fill about 360 pixels.
    let span = (before.y - after.y).max(2.0 * half.y) + 16.0;
    let scale = (360.0 / span).clamp(0.02, 24.0);
    let width: f32 = 760.0;
    let map_height = span * scale;
    let top_band = 64.0;
    let legend = 150.0;
    let height = top_band + map_height + legend;
    let centre_y = (before.y + after.y) * 0.5;
    let origin = Vec2::new(0.0, centre_y - span * 0.5);
    let margin = Vec2::new(width * 0.5, top_band);
    let mut c = Canvas::new(
        width as u32,
        height as u32,
        BACKGROUND,
        origin,
        scale,
        margin,
    );

    // The target, then the shot's frames: the earlier ones faint, k and k + 1 bright.
    c.fill_box(-half, half, [TARGET[0], TARGET[1], TARGET[2], 110]);
    c.box_outline(-half, half, 2.0, TARGET);
    for p in &exact.positions[..frame - 1] {
        c.disc(*p, 0.0, 4.0, [BULLET[0], BULLET[1], BULLET[2], 90]);
    }
    c.line(before, after, 10.0, [BULLET[0], BULLET[1], BULLET[2], 70]);
    c.dashed_line(before, after, 2.0, 6.0, BULLET);
    c.disc(before, 0.0, 7.0, BULLET);
    c.disc(after, 0.0, 7.0, BULLET);
    c.cross(hit.point, 9.0, 3.0, SWEEP_HIT);
    c.circle(hit.point, 0.0, 14.0, 2.0, SWEEP_HIT);

    let label = |c: &mut Canvas, world: Vec2, text: &str, colour: Colour| {
        let p = c.to_pixel(world);
        c.text(p + Vec2::new(22.0, -7.0), text, 2, colour);
    };
    label(&mut c, before, "FRAME K", BULLET);
    label(&mut c, after, "FRAME K+1", BULLET);
    label(
        &mut c,
        hit.point,
        &format!("IMPACT, T = {:.2}", hit.t),
        SWEEP_HIT,
    );
    let tp = c.to_pixel(Vec2::new(-half.x, 0.0));
    let tw = text_width("TARGET", 2);
    c.text(tp - Vec2::new(tw + 14.0, 7.0), "TARGET", 2, TARGET);

    c.fill_pixels(Vec2::ZERO, Vec2::new(width, top_band), PANEL);
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

    let top = top_band + map_height;
    c.fill_pixels(Vec2::new(0.0, top), Vec2::new(width, height), PANEL);
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
    Some(c.into_image())
}
