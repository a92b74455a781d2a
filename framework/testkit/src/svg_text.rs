//! Whether the text of a chart lies inside its picture: every `<text>`
//! element's box, from its position, anchor, font size and estimated width
//! ([`tabula_core::svg::text_width`], monospace), against the `viewBox`.
//! Charts size themselves to their labels; this reads the SVG they wrote,
//! so a label that runs off an edge fails a test.

use tabula_core::svg::text_width;

/// One `<text>` element as the picture places it.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    /// What it says.
    pub content: String,
    /// Its box's left edge.
    pub left: f64,
    /// Its box's top edge.
    pub top: f64,
    /// Its box's right edge.
    pub right: f64,
    /// Its box's bottom edge.
    pub bottom: f64,
}

/// A picture's `viewBox`: left, top, width and height.
pub type ViewBox = (f64, f64, f64, f64);

/// The picture's `viewBox` and its text, or why `svg` cannot be read.
pub fn texts(svg: &str) -> Result<(ViewBox, Vec<Text>), String> {
    let doc = roxmltree::Document::parse(svg).map_err(|e| format!("not XML: {e}"))?;
    let root = doc.root_element();
    let view: Vec<f64> = root
        .attribute("viewBox")
        .ok_or("no viewBox")?
        .split_whitespace()
        .map(|v| v.parse().map_err(|_| format!("viewBox number `{v}`")))
        .collect::<Result<_, _>>()?;
    let [x, y, w, h] = view[..] else {
        return Err(format!("a viewBox of {} numbers", view.len()));
    };
    if root.attribute("font-family") != Some("monospace") {
        return Err("the text is not monospace: its width cannot be told".to_string());
    }
    let number = |node: roxmltree::Node, name: &str| -> Result<Option<f64>, String> {
        node.attribute(name)
            .map(|v| v.parse().map_err(|_| format!("{name}=\"{v}\"")))
            .transpose()
    };
    let base = number(root, "font-size")?.unwrap_or(16.0);
    let mut texts = Vec::new();
    for node in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let content = node.text().unwrap_or("").to_string();
        let size = number(node, "font-size")?.unwrap_or(base);
        let (tx, ty) = (
            number(node, "x")?.unwrap_or(0.0),
            number(node, "y")?.unwrap_or(0.0),
        );
        let width = text_width(&content, size);
        let left = match node.attribute("text-anchor") {
            Some("end") => tx - width,
            Some("middle") => tx - width / 2.0,
            _ => tx,
        };
        texts.push(Text {
            content,
            left,
            // Ascenders reach about 0.8 em above the baseline, descenders
            // 0.25 below.
            top: ty - 0.8 * size,
            right: left + width,
            bottom: ty + 0.25 * size,
        });
    }
    Ok(((x, y, w, h), texts))
}

/// Every text of `svg` that reaches outside the picture, said in words;
/// empty when all of it fits.
pub fn outside(svg: &str) -> Result<Vec<String>, String> {
    let ((x, y, w, h), texts) = texts(svg)?;
    Ok(texts
        .into_iter()
        .filter(|t| t.left < x || t.top < y || t.right > x + w || t.bottom > y + h)
        .map(|t| {
            format!(
                "`{}` spans x {:.0}..{:.0}, y {:.0}..{:.0} in a {w}x{h} picture",
                t.content, t.left, t.right, t.top, t.bottom
            )
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::svg::Svg;

    #[test]
    fn text_past_an_edge_is_found_and_text_inside_is_not() {
        let picture = |x: f64, anchor: &str| {
            let mut svg = Svg::new(200.0, 40.0);
            svg.text(x, 20.0, "abcdefghij", anchor);
            // A board's picture is sans-serif: made monospace to be read.
            svg.finish().replace("sans-serif", "monospace")
        };
        assert_eq!(outside(&picture(10.0, "")).unwrap(), Vec::<String>::new());
        // Anchored at its end near the left edge: it runs off it.
        let off = outside(&picture(10.0, r#"text-anchor="end""#)).unwrap();
        assert_eq!(off.len(), 1, "{off:?}");
        assert!(off[0].starts_with("`abcdefghij` spans x -"), "{off:?}");
        assert_eq!(outside(&picture(190.0, "")).unwrap().len(), 1);
        assert!(outside("<svg/>").is_err());
        let sans = Svg::new(10.0, 10.0).finish();
        assert!(outside(&sans).unwrap_err().contains("not monospace"));
    }
}
