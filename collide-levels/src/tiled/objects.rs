//! Object layers: each object listed for the game, and its rectangle, circle or polygon (one
//! hull per convex piece) added to the map's static bodies.

use collide_core::{Circle, Hull, Layers, Pose, Rect, Shape};
use collide_world::StaticBodies;
use glam::Vec2;

use super::map::{TiledMap, TiledObject, TiledObjectShape};
use super::model::{is_true, Layer, Object, ObjectKind};
use crate::axis::YAxis;
use crate::convex_pieces::convex_pieces;
use crate::error::{Error, ErrorKind};

/// The objects of an object layer, each with the bodies it became in `bodies` (none for
/// points, lines, tiles, text, and rectangles with no area, nor anywhere on a layer whose
/// `collide` property is `false`; one per convex piece of a concave or larger polygon), moved by the
/// layer's offset (its groups' too) as Tiled draws them.
pub(crate) fn add_layer(
    file: &str,
    layer: &Layer,
    objects: &[Object],
    axis: YAxis,
    bodies: &mut StaticBodies,
) -> Result<Vec<TiledObject>, Error> {
    let collide = layer.properties.get("collide").is_none_or(|v| v != "false");
    let mut out = Vec::with_capacity(objects.len());
    for o in objects {
        let fail = |kind| Error::new(file, kind).in_layer(&layer.name).at_object(o.id);
        let o = &placed(o, layer.offset).map_err(|m| fail(ErrorKind::Invalid(m)))?;
        let mut listed = listed(o, &layer.name, axis);
        let shapes = if collide {
            shapes(o, axis).map_err(|m| fail(ErrorKind::UnknownObjectShape(m)))?
        } else {
            Vec::new()
        };
        let one_way = is_true(&o.properties, "one_way") || is_true(&layer.properties, "one_way");
        for (shape, center) in shapes {
            let pose = Pose::from_position(center);
            let handle = bodies
                .add(shape, pose, Layers::ALL)
                .map_err(|e| fail(ErrorKind::World(e)))?;
            if one_way {
                bodies.set_one_way(handle, Some(axis.up()));
            }
            listed.bodies.push(handle);
        }
        out.push(listed);
    }
    Ok(out)
}

/// The object moved by `offset`, its layer's; or why it cannot be (a position past `f32`,
/// which the offsets of a layer and its groups can reach though each is finite).
fn placed(o: &Object, offset: Vec2) -> Result<Object, String> {
    let position = o.position + offset;
    if !position.is_finite() {
        return Err(format!(
            "the object's position {} moved by its layer's offset {offset}",
            o.position
        ));
    }
    Ok(Object {
        position,
        ..o.clone()
    })
}

/// The object as the game reads it, in world points.
fn listed(o: &Object, layer: &str, axis: YAxis) -> TiledObject {
    let to_world = |points: &[Vec2]| -> Vec<Vec2> {
        points
            .iter()
            .map(|&p| axis.point(turned(o, o.position + p)))
            .collect()
    };
    let (shape, center) = match &o.kind {
        ObjectKind::Rect => (TiledObjectShape::Rect, box_center(o)),
        ObjectKind::Ellipse => (TiledObjectShape::Ellipse, box_center(o)),
        ObjectKind::Point => (TiledObjectShape::Point, o.position),
        ObjectKind::Text => (TiledObjectShape::Text, box_center(o)),
        ObjectKind::Polygon(p) => (TiledObjectShape::Polygon(to_world(p)), o.position),
        ObjectKind::Polyline(p) => (TiledObjectShape::Polyline(to_world(p)), o.position),
        // A tile object stands on its position: its box is above it.
        ObjectKind::Tile(gid) => (
            TiledObjectShape::Tile(*gid),
            turned(o, o.position + Vec2::new(o.size.x, -o.size.y) * 0.5),
        ),
    };
    TiledObject {
        id: o.id,
        name: o.name.clone(),
        class: o.class.clone(),
        layer: layer.to_owned(),
        position: axis.point(o.position),
        center: axis.point(center),
        size: o.size,
        rotation: o.rotation,
        shape,
        properties: o.properties.clone(),
        bodies: Vec::new(),
    }
}

/// The centre of a rectangle's or ellipse's box, turned with the object.
fn box_center(o: &Object) -> Vec2 {
    turned(o, o.position + o.size * 0.5)
}

/// A point of the object turned about its position by its rotation (clockwise degrees on
/// the editor's y-down screen).
fn turned(o: &Object, p: Vec2) -> Vec2 {
    if o.rotation == 0.0 {
        return p;
    }
    // Right angles exactly, so that a rectangle turned a quarter keeps whole-pixel corners.
    let (sin, cos) = match o.rotation.rem_euclid(360.0) {
        90.0 => (1.0, 0.0),
        180.0 => (0.0, -1.0),
        270.0 => (-1.0, 0.0),
        _ => collide_core::math::sin_cos(o.rotation.to_radians()),
    };
    let d = p - o.position;
    o.position + Vec2::new(d.x * cos - d.y * sin, d.x * sin + d.y * cos)
}

/// The static bodies of an object and their centres in the world: none for an object that
/// is none, one per convex piece of a concave polygon; or why it cannot be one.
fn shapes(o: &Object, axis: YAxis) -> Result<Vec<(Shape, Vec2)>, String> {
    let s = o.size;
    match &o.kind {
        ObjectKind::Rect if s.x < 0.0 || s.y < 0.0 => {
            Err(format!("a rectangle of {} × {}, a negative size", s.x, s.y))
        }
        ObjectKind::Rect if s.x == 0.0 || s.y == 0.0 => Ok(Vec::new()),
        ObjectKind::Rect if o.rotation == 0.0 => {
            let rect = Rect {
                half_extents: s * 0.5,
            };
            Ok(vec![(rect.into(), axis.point(box_center(o)))])
        }
        ObjectKind::Rect => {
            let corners = [Vec2::ZERO, Vec2::new(s.x, 0.0), s, Vec2::new(0.0, s.y)];
            hulls(o, &corners, axis)
        }
        ObjectKind::Polygon(points) => hulls(o, points, axis),
        ObjectKind::Ellipse => {
            if s.x <= 0.0 || (s.x - s.y).abs() > 1e-3 * s.x {
                return Err(format!("an ellipse of {} × {}, not a circle", s.x, s.y));
            }
            let circle = Circle { radius: s.x * 0.5 };
            Ok(vec![(circle.into(), axis.point(box_center(o)))])
        }
        ObjectKind::Point | ObjectKind::Polyline(_) | ObjectKind::Tile(_) | ObjectKind::Text => {
            Ok(Vec::new())
        }
    }
}

/// The hulls of the object's polygon (its points are offsets from its position): the whole
/// polygon when it is one hull, so a convex polygon keeps the one body it always made, else
/// one per convex piece; more than [`TiledMap::MAX_POLYGON_POINTS`] points are an error.
fn hulls(o: &Object, points: &[Vec2], axis: YAxis) -> Result<Vec<(Shape, Vec2)>, String> {
    if points.len() > TiledMap::MAX_POLYGON_POINTS {
        return Err(format!(
            "a polygon of {} points, more than the {} a polygon may have",
            points.len(),
            TiledMap::MAX_POLYGON_POINTS
        ));
    }
    let world: Vec<Vec2> = points
        .iter()
        .map(|&p| axis.point(turned(o, o.position + p)))
        .collect();
    if world.is_empty() {
        return Err("a polygon with no points".to_owned());
    }
    if let Ok(whole) = centred_hull(&world) {
        return Ok(vec![whole]);
    }
    let cannot = |e: String| format!("a polygon collide cannot hold: {e}");
    convex_pieces(&world)
        .map_err(cannot)?
        .iter()
        .map(|piece| centred_hull(piece).map_err(|e| cannot(e.to_string())))
        .collect()
}

/// The hull of the points, centred on their mean, and that mean.
fn centred_hull(points: &[Vec2]) -> Result<(Shape, Vec2), collide_core::Error> {
    let center = points.iter().copied().sum::<Vec2>() / points.len() as f32;
    let local: Vec<Vec2> = points.iter().map(|&p| p - center).collect();
    Ok((Hull::new(&local)?.into(), center))
}
