//! `demo-scene.png`: one frame of the shmup benchmark scene with every body, its swept box and
//! its hits, a magnified inset on a hit only the sweep found, a title and a legend.

use collide::PassHit;
use collide_core::{Aabb, Pose, ShapeRef, SweepMode};
use collide_hull::image::RgbaImage;
use collide_scene::Role;
use glam::Vec2;

use super::{
    BACKGROUND, BULLET, DIM_TEXT, DISCRETE_HIT, ENEMY_BOX, ENEMY_HULL, PANEL, SWEEP_HIT, SWEPT_BOX,
    TEXT,
};
use crate::demo::scene::{Shapes, Snapshot};
use crate::raster::{Canvas, Colour};
use crate::scene_setup::mode_name;

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
        if h.by_sweep {
            let bullet = &objects[h.a];
            canvas.line(bullet.previous, bullet.position, 2.0, SWEEP_HIT);
            // The bullet where it touched, as an outline so its path stays visible.
            canvas.circle(
                bullet.previous + (bullet.position - bullet.previous) * h.impact.t,
                2.0,
                3.0,
                2.0,
                SWEEP_HIT,
            );
            canvas.circle(h.impact.point, 0.0, 3.0 * scale + 4.0, 3.0, SWEEP_HIT);
        } else {
            canvas.circle(h.impact.point, 0.0, 2.0 * scale + 3.0, 2.0, DISCRETE_HIT);
        }
    }
}

/// The first sweep hit inside the window, a graze (`t > 0`) if there is one.
fn first_sweep_hit(hits: &[PassHit], window: &Aabb) -> Option<PassHit> {
    let swept = |h: &&PassHit| h.by_sweep && window.contains_point(h.impact.point);
    let mut candidates = hits.iter().filter(swept);
    hits.iter()
        .filter(swept)
        .find(|h| h.impact.t > 0.0)
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
    if let Some(h) = first_sweep_hit(&snap.hits, &window) {
        draw_inset(&mut c, snap, shapes, h.impact.point, view);
    }
    draw_title(&mut c, snap, caption, &window, map.x);
    let top = TITLE_BAND + map.y;
    c.fill_pixels(
        Vec2::new(0.0, top),
        Vec2::new(map.x, top + LEGEND_BAND),
        PANEL,
    );
    legend_shapes(&mut c, top + 14.0);
    legend_hits(&mut c, top + 40.0);
    c.into_image()
}

/// The scene around `point` magnified, in the map's corner across from it, with a line from
/// where it looks and a frame.
fn draw_inset(c: &mut Canvas, snap: &Snapshot, shapes: &Shapes, point: Vec2, view: Vec2) {
    let map = view * SCENE_SCALE;
    let world = INSET_PIXELS / INSET_SCALE;
    let origin = point - Vec2::splat(world * 0.5);
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
    let right = point.x < view.x * 0.5;
    let below = point.y < view.y * 0.5;
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
    paste(c, &inset.into_image(), at);
    frame_inset(c, at);
    c.text(
        at + Vec2::new(8.0, 8.0),
        &format!("ZOOM X{}", (INSET_SCALE / SCENE_SCALE) as u32),
        2,
        TEXT,
    );
}

/// A 3-pixel frame around the inset whose top-left corner is at pixel `at`.
fn frame_inset(c: &mut Canvas, at: Vec2) {
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
}

/// The title band: the frame, what part of the field is shown, the broad phase and sweep, and
/// the hits counted inside `window`.
fn draw_title(
    c: &mut Canvas,
    snap: &Snapshot,
    caption: &SceneCaption<'_>,
    window: &Aabb,
    width: f32,
) {
    c.fill_pixels(Vec2::ZERO, Vec2::new(width, TITLE_BAND), PANEL);
    let visible = |h: &&PassHit| window.contains_point(h.impact.point);
    let hits = snap.hits.iter().filter(visible).count();
    let swept = snap
        .hits
        .iter()
        .filter(visible)
        .filter(|h| h.by_sweep)
        .count();
    let objects = snap.scene.objects().len();
    let (field, view) = (snap.scene.field(), window.max());
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
            mode_name(caption.mode),
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
}

/// One legend entry at pixel row `y`: `draw` draws its sample, then its label; `x` moves past
/// both.
fn legend_item(c: &mut Canvas, x: &mut f32, y: f32, label: &str, draw: &dyn Fn(&mut Canvas, Vec2)) {
    draw(c, Vec2::new(*x + 10.0, y + 7.0));
    *x += c.text(Vec2::new(*x + 26.0, y), label, 2, TEXT) + 52.0;
}

/// The legend's first row: the bodies and the swept box.
fn legend_shapes(c: &mut Canvas, row: f32) {
    let mut x = 14.0;
    legend_item(c, &mut x, row, "BULLET", &|c, p| {
        c.disc_pixels(p, 4.0, BULLET)
    });
    legend_item(c, &mut x, row, "ENEMY BOX", &|c, p| {
        let h = Vec2::splat(7.0);
        c.fill_pixels(p - h, p + h, ENEMY_BOX);
        c.fill_pixels(p - h + 2.0, p + h - 2.0, PANEL);
    });
    legend_item(c, &mut x, row, "ENEMY HULL (FROM A SPRITE)", &|c, p| {
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
    });
    legend_item(c, &mut x, row, "SWEPT BOX", &|c, p| {
        let h = Vec2::new(7.0, 9.0);
        let o = [SWEPT_BOX[0], SWEPT_BOX[1], SWEPT_BOX[2], 160];
        c.fill_pixels(p - h, Vec2::new(p.x + h.x, p.y - h.y + 1.0), o);
        c.fill_pixels(Vec2::new(p.x - h.x, p.y + h.y - 1.0), p + h, o);
        c.fill_pixels(p - h, Vec2::new(p.x - h.x + 1.0, p.y + h.y), o);
        c.fill_pixels(Vec2::new(p.x + h.x - 1.0, p.y - h.y), p + h, o);
    });
}

/// The legend's second row: the two kinds of hit.
fn legend_hits(c: &mut Canvas, row: f32) {
    let mut x = 14.0;
    legend_item(
        c,
        &mut x,
        row,
        "HIT FOUND BY THE END-OF-FRAME TEST",
        &|c, p| {
            c.circle_pixels(p, 7.0, 2.0, DISCRETE_HIT);
        },
    );
    legend_item(
        c,
        &mut x,
        row,
        "HIT FOUND BY THE SWEEP (PATH AND CONTACT)",
        &|c, p| {
            c.circle_pixels(p, 7.0, 3.0, SWEEP_HIT);
            c.disc_pixels(p, 2.5, SWEEP_HIT);
        },
    );
}

/// Copies `src` onto the canvas with its top-left corner at pixel `at`.
fn paste(canvas: &mut Canvas, src: &RgbaImage, at: Vec2) {
    for (x, y, p) in src.enumerate_pixels() {
        let q = at + Vec2::new(x as f32, y as f32);
        canvas.fill_pixels(q, q + Vec2::ONE, p.0);
    }
}
