//! A minimal table renderer: aligned text for a terminal, and Markdown for the README.

/// A table of strings with a header row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// Column titles.
    pub headers: Vec<String>,
    /// Rows; each should have as many cells as there are headers.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column titles and no rows.
    #[must_use]
    pub fn new(headers: &[&str]) -> Self {
        Self {
            headers: headers.iter().map(|h| (*h).to_owned()).collect(),
            rows: Vec::new(),
        }
    }

    /// Appends a row.
    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    fn widths(&self) -> Vec<usize> {
        let mut w: Vec<usize> = self.headers.iter().map(|h| h.chars().count()).collect();
        for row in &self.rows {
            for (i, cell) in row.iter().enumerate() {
                if i < w.len() {
                    w[i] = w[i].max(cell.chars().count());
                } else {
                    w.push(cell.chars().count());
                }
            }
        }
        w
    }

    /// Whether every cell of column `i` looks like a number (numbers align right).
    fn numeric(&self, i: usize) -> bool {
        !self.rows.is_empty()
            && self
                .rows
                .iter()
                .all(|r| r.get(i).is_none_or(|c| looks_numeric(c)))
    }

    /// Aligned plain text: numeric columns right-aligned, a rule under the header.
    #[must_use]
    pub fn text(&self) -> String {
        let w = self.widths();
        let numeric: Vec<bool> = (0..w.len()).map(|i| self.numeric(i)).collect();
        let line = |cells: &[String]| {
            let mut s = String::new();
            for (i, cell) in cells.iter().enumerate() {
                if i > 0 {
                    s.push_str("  ");
                }
                let pad = w[i].saturating_sub(cell.chars().count());
                if numeric[i] {
                    s.push_str(&" ".repeat(pad));
                    s.push_str(cell);
                } else {
                    s.push_str(cell);
                    s.push_str(&" ".repeat(pad));
                }
            }
            s.trim_end().to_owned()
        };
        let mut out = line(&self.headers);
        out.push('\n');
        out.push_str(
            &w.iter()
                .map(|n| "-".repeat(*n))
                .collect::<Vec<_>>()
                .join("  "),
        );
        out.push('\n');
        for row in &self.rows {
            out.push_str(&line(row));
            out.push('\n');
        }
        out
    }

    /// A GitHub-flavoured Markdown table.
    #[must_use]
    pub fn markdown(&self) -> String {
        let escape = |s: &String| s.replace('|', "\\|");
        let mut out = format!(
            "| {} |\n",
            self.headers
                .iter()
                .map(escape)
                .collect::<Vec<_>>()
                .join(" | ")
        );
        let align: Vec<&str> = (0..self.headers.len())
            .map(|i| if self.numeric(i) { "---:" } else { "---" })
            .collect();
        out.push_str(&format!("| {} |\n", align.join(" | ")));
        for row in &self.rows {
            out.push_str(&format!(
                "| {} |\n",
                row.iter().map(escape).collect::<Vec<_>>().join(" | ")
            ));
        }
        out
    }
}

fn looks_numeric(cell: &str) -> bool {
    let c = cell.trim();
    !c.is_empty()
        && c.chars()
            .next()
            .is_some_and(|ch| ch.is_ascii_digit() || ch == '-' || ch == '+')
        && c.chars().any(|ch| ch.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_markdown() {
        let mut t = Table::new(&["name", "ns"]);
        t.row(vec!["grid".into(), "12.5".into()]);
        t.row(vec!["quadtree".into(), "3".into()]);
        assert_eq!(
            t.text(),
            "name        ns\n--------  ----\ngrid      12.5\nquadtree     3\n"
        );
        assert_eq!(
            t.markdown(),
            "| name | ns |\n| --- | ---: |\n| grid | 12.5 |\n| quadtree | 3 |\n"
        );
    }
}
