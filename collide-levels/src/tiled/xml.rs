//! Reading Tiled's XML: numbers in attributes, custom properties, and objects (a layer's, or
//! a tile's collision objects).

use std::str::FromStr;

use glam::Vec2;
use roxmltree::Node;

use super::model::{Object, ObjectKind, Properties};
use crate::error::{invalid, Error, ErrorKind};

/// The XML document in `text`.
pub(crate) fn document<'a>(file: &str, text: &'a str) -> Result<roxmltree::Document<'a>, Error> {
    roxmltree::Document::parse(text).map_err(|e| Error::new(file, ErrorKind::Xml(e.to_string())))
}

/// The attribute `name` read as a `T`, `None` when absent; a float must be finite.
pub(crate) fn attr<T: FromStr + Finite>(
    file: &str,
    node: Node<'_, '_>,
    name: &str,
) -> Result<Option<T>, Error> {
    let Some(text) = node.attribute(name) else {
        return Ok(None);
    };
    match text.trim().parse::<T>() {
        Ok(v) if v.is_finite_value() => Ok(Some(v)),
        _ => Err(invalid(
            file,
            format!("{}'s attribute {name}={text:?}", node.tag_name().name()),
        )),
    }
}

/// The attribute `name`, which the element must have.
pub(crate) fn required<T: FromStr + Finite>(
    file: &str,
    node: Node<'_, '_>,
    name: &str,
) -> Result<T, Error> {
    attr(file, node, name)?.ok_or_else(|| {
        invalid(
            file,
            format!("{} has no attribute {name}", node.tag_name().name()),
        )
    })
}

/// A number the attributes may hold: floats must be finite.
pub(crate) trait Finite {
    /// Whether the value is finite (always, for an integer).
    fn is_finite_value(&self) -> bool;
}

impl Finite for f32 {
    fn is_finite_value(&self) -> bool {
        self.is_finite()
    }
}

impl Finite for u32 {
    fn is_finite_value(&self) -> bool {
        true
    }
}

/// The first child element named `name`.
pub(crate) fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children().find(|c| c.has_tag_name(name))
}

/// The element's custom properties (from its `<properties>` child).
pub(crate) fn properties(node: Node<'_, '_>) -> Properties {
    let mut out = Properties::new();
    let Some(list) = child(node, "properties") else {
        return out;
    };
    for p in list.children().filter(|c| c.has_tag_name("property")) {
        let Some(name) = p.attribute("name") else {
            continue;
        };
        let value = p.attribute("value").or_else(|| p.text()).unwrap_or("");
        out.insert(name.to_owned(), value.to_owned());
    }
    out
}

/// An `<object>` element.
pub(crate) fn object(file: &str, node: Node<'_, '_>) -> Result<Object, Error> {
    let id = attr(file, node, "id")?.unwrap_or(0);
    let at = |e: Error| e.at_object(id);
    let num = |name| attr::<f32>(file, node, name).map(|v| v.unwrap_or(0.0));
    let position = Vec2::new(num("x").map_err(at)?, num("y").map_err(at)?);
    let size = Vec2::new(num("width").map_err(at)?, num("height").map_err(at)?);
    let rotation = num("rotation").map_err(at)?;
    let kind = if let Some(gid) = attr::<u32>(file, node, "gid").map_err(at)? {
        ObjectKind::Tile(gid)
    } else if child(node, "ellipse").is_some() {
        ObjectKind::Ellipse
    } else if child(node, "point").is_some() {
        ObjectKind::Point
    } else if child(node, "text").is_some() {
        ObjectKind::Text
    } else if let Some(p) = child(node, "polygon") {
        ObjectKind::Polygon(points(file, p).map_err(at)?)
    } else if let Some(p) = child(node, "polyline") {
        ObjectKind::Polyline(points(file, p).map_err(at)?)
    } else {
        ObjectKind::Rect
    };
    Ok(Object {
        id,
        name: node.attribute("name").unwrap_or("").to_owned(),
        class: node
            .attribute("class")
            .or_else(|| node.attribute("type"))
            .unwrap_or("")
            .to_owned(),
        position,
        size,
        rotation,
        kind,
        properties: properties(node),
    })
}

/// A polygon's or polyline's `points="x,y x,y …"`.
fn points(file: &str, node: Node<'_, '_>) -> Result<Vec<Vec2>, Error> {
    let text = node.attribute("points").unwrap_or("");
    let bad = || invalid(file, format!("the points {text:?}"));
    text.split_whitespace()
        .map(|pair| {
            let (x, y) = pair.split_once(',').ok_or_else(bad)?;
            let x: f32 = x.parse().map_err(|_| bad())?;
            let y: f32 = y.parse().map_err(|_| bad())?;
            let p = Vec2::new(x, y);
            p.is_finite().then_some(p).ok_or_else(bad)
        })
        .collect()
}
