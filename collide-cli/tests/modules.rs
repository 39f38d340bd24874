//! The command's top-level modules (`demo`, `play`, `hull`, ...) and `main.rs` import each
//! other one way only: a cycle such as demo → play → demo ties them into one tangle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path).unwrap();
            out.push((path.to_string_lossy().into_owned(), text));
        }
    }
}

/// Which top-level module imports which, from the `crate::<name>` paths outside comments
/// (`main` for an item of `main.rs` itself), and `main` using every module it declares.
fn imports(src: &Path) -> Graph {
    let mut files = Vec::new();
    sources(src, &mut files);
    let is_module = |name: &str| src.join(format!("{name}.rs")).is_file();
    let mut graph = Graph::new();
    for (path, text) in files {
        let relative = Path::new(&path).strip_prefix(src).unwrap();
        let first = relative.iter().next().unwrap().to_string_lossy();
        let from = first.trim_end_matches(".rs").to_owned();
        let code = text.lines().filter(|l| !l.trim_start().starts_with("//"));
        for line in code {
            for (at, _) in line.match_indices("crate::") {
                let rest = &line[at + "crate::".len()..];
                let to: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let to = if is_module(&to) {
                    to
                } else {
                    "main".to_owned()
                };
                if to != from {
                    graph.entry(from.clone()).or_default().insert(to);
                }
            }
        }
    }
    let main = fs::read_to_string(src.join("main.rs")).unwrap();
    let declared = main
        .lines()
        .filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';'));
    graph
        .entry("main".to_owned())
        .or_default()
        .extend(declared.map(str::to_owned));
    graph
}

/// A cycle in `graph`, as the modules along it, if there is one.
fn cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &Graph,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> bool {
        if let Some(start) = path.iter().position(|n| n == node) {
            path.drain(..start);
            path.push(node.to_owned());
            return true;
        }
        if done.contains(node) {
            return false;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if visit(next, graph, path, done) {
                return true;
            }
        }
        path.pop();
        done.insert(node.to_owned());
        false
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|start| {
        let mut path = Vec::new();
        visit(start, graph, &mut path, &mut done).then_some(path)
    })
}

#[test]
fn top_level_modules_import_each_other_one_way() {
    let graph = imports(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    // The check sees the imports that exist: demo uses play's recorder, main runs hull.
    assert!(graph["demo"].contains("play"), "{graph:?}");
    assert!(graph["main"].contains("hull"), "{graph:?}");
    assert_eq!(cycle(&graph), None, "{graph:?}");
}

#[test]
fn the_cycle_check_finds_cycles() {
    let graph: Graph = [("a", "b"), ("b", "c"), ("c", "a")]
        .into_iter()
        .map(|(f, t)| (f.to_owned(), BTreeSet::from([t.to_owned()])))
        .collect();
    assert_eq!(
        cycle(&graph),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
}
