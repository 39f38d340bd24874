//! The goals judged from a report's figures, and the goal data checked against `GOALS.md`.

use super::*;
use crate::character::{CharacterEntry, PlatformFailures, PlatformerEntry};
use crate::measure::Summary;
use crate::versus::VersusEntry;
use collide::BroadPhaseKind;

fn entry(objects: usize, sweep: bool, median_ns: f64, bytes: f64) -> SceneEntry {
    SceneEntry {
        scene: SceneKind::Uniform,
        objects,
        broad_phase: BroadPhaseKind::Grid,
        sweep,
        frame_ns: Summary {
            mean: median_ns,
            sd: 0.0,
        },
        median_ns,
        run_medians_ns: [median_ns; 2],
        bytes_per_frame: bytes,
        allocations_per_frame: 0.0,
        pairs_per_pass: 10.0,
        sweeps_per_pass: 10.0,
        hits_per_pass: 5.0,
        frames: 100,
        warmup_frames: 300,
        allocating_samples: 0,
        samples: 10,
    }
}

fn report(entries: Vec<SceneEntry>, cost: SweepCost, sizes: Vec<usize>) -> Report {
    let mut r = Report {
        config: ReportConfig {
            sizes,
            ..ReportConfig::tiny()
        },
        machine: Machine {
            cpus: 2,
            cpu_model: "test".into(),
            date: utc_date(0),
            load_average: "0.00".into(),
        },
        allocations_counted: true,
        scene: entries,
        sweep_cost: vec![cost],
        versus: vec![VersusEntry {
            query: "toi_circle_rect".into(),
            ours_ns: 10.0,
            ours_time_only_ns: Some(4.0),
            time_only_speedup: Some(62.5),
            peer_ns: 250.0,
            speedup: 25.0,
            batches: 3,
            disagreements: 0,
            cases: 1,
            peer_hits: 1,
            max_difference: 0.0,
            objects: None,
            broad_phase: None,
            verdicts: None,
        }],
        tiles: Vec::new(),
        fast_shots: Vec::new(),
        character: Vec::new(),
        platformer: Vec::new(),
        bounce: Vec::new(),
        levels: Vec::new(),
        events: Vec::new(),
        goals: Vec::new(),
        since: Since::Nothing("not compared".into()),
        elapsed: Duration::ZERO,
    };
    r.goals = goals(&r);
    r
}

fn met(r: &Report, name: &str) -> Option<bool> {
    r.goals
        .iter()
        .find(|g| g.name.starts_with(name))
        .unwrap_or_else(|| panic!("no goal `{name}`"))
        .met
}

fn cost(percent: f64, per_sweep: f64) -> SweepCost {
    SweepCost {
        scene: SceneKind::Uniform,
        objects: 100,
        broad_phase: BroadPhaseKind::Grid,
        extra_ns_per_frame: 0.0,
        overhead_percent: percent,
        ns_per_sweep: per_sweep,
    }
}

#[test]
fn goals_are_judged_from_the_figures() {
    let good = report(
        vec![
            entry(100, true, 3_000.0, 0.0),
            entry(100, false, 2_900.0, 0.0),
            entry(1_000, true, 30_000.0, 0.0),
            entry(100_000, true, 4_000_000.0, 0.0),
        ],
        cost(5.0, 8.0),
        vec![100, 1_000, 100_000],
    );
    for name in [
        "sweep overhead",
        "extra time per sweep",
        "whole frame",
        "bytes allocated",
        "toi_circle_rect",
        "flat cost",
        "100 000 objects",
    ] {
        assert_eq!(met(&good, name), Some(true), "{name}");
    }
    // A query the report did not compare is not measured, not failed.
    assert_eq!(met(&good, "toi_hull_hull"), None);

    let bad = report(
        vec![
            entry(100, true, 5_000.0, 0.0),
            entry(1_000, true, 30_000.0, 16.0),
            entry(100_000, true, 9_000_000.0, 0.0),
        ],
        cost(12.0, 11.0),
        vec![100, 1_000, 100_000],
    );
    for name in [
        "sweep overhead",
        "extra time per sweep",
        "whole frame",
        "bytes allocated",
        "flat cost",
        "100 000 objects",
    ] {
        assert_eq!(met(&bad, name), Some(false), "{name}");
    }
    assert!(bad.text().contains("NO"));

    // A quick run has no 100 000: those goals are "not measured", not failed.
    let quick = report(
        vec![entry(100, true, 3_000.0, 0.0)],
        cost(5.0, 8.0),
        vec![100],
    );
    assert_eq!(met(&quick, "flat cost"), None);
    assert_eq!(met(&quick, "100 000 objects"), None);
    assert_eq!(
        quick.scale(),
        vec![ScaleRow {
            objects: 100,
            frame_ns: 3_000.0,
            ns_per_object: 30.0
        }]
    );
}

#[test]
fn the_speedup_is_the_batch_median_not_the_ratio_of_medians() {
    // 250 / 10 would be 25×, but the batches said 19×: the goal (20×) is missed.
    let mut r = report(vec![], cost(5.0, 8.0), vec![100]);
    r.versus[0].speedup = 19.0;
    assert_eq!(goals(&r)[5].name, "toi_circle_rect vs parry2d");
    assert_eq!(goals(&r)[5].met, Some(false));
}

fn character_line(shape: &'static str, speedup: f64, jitters: usize) -> CharacterEntry {
    use crate::character::Failures;
    let clean = Failures {
        frames: 100,
        moves: 10,
        ..Failures::default()
    };
    CharacterEntry {
        shape,
        ours_ns: 100.0,
        peer_ns: 100.0 * speedup,
        speedup,
        batches: 3,
        ours: Failures { jitters, ..clean },
        peer: Failures {
            catches: 7,
            ..clean
        },
    }
}

#[test]
fn character_goals_read_the_slowest_mover_and_collides_failures() {
    let mut r = report(vec![], cost(5.0, 8.0), vec![100]);
    assert_eq!(met(&r, "`move_and_slide`"), None);
    assert_eq!(met(&r, "seam catches"), None);
    r.character = vec![
        character_line("box", 30.0, 0),
        character_line("circle", 12.0, 0),
    ];
    r.goals = goals(&r);
    assert_eq!(met(&r, "`move_and_slide`"), Some(true));
    // rapier2d's catches are reported, not judged.
    assert_eq!(met(&r, "seam catches"), Some(true));
    r.character.push(character_line("hexagon", 9.5, 1));
    r.goals = goals(&r);
    assert_eq!(met(&r, "`move_and_slide`"), Some(false));
    assert_eq!(met(&r, "seam catches"), Some(false));
    let measured = &r
        .goals
        .iter()
        .find(|g| g.name.starts_with("seam"))
        .unwrap()
        .measured;
    assert!(measured.contains("jitters 1"), "{measured}");
    assert!(r.text().contains("0 / 7"));
}

fn platformer_line(shape: &'static str, speedup: f64, idle_slides: usize) -> PlatformerEntry {
    let clean = PlatformFailures {
        frames: 100,
        jumps: 4,
        moves: 10,
        ..PlatformFailures::default()
    };
    PlatformerEntry {
        shape,
        ours_ns: 100.0,
        peer_ns: 100.0 * speedup,
        speedup,
        batches: 3,
        ours: PlatformFailures {
            idle_slides,
            ..clean
        },
        peer: PlatformFailures {
            steps_not_taken: 9,
            ..clean
        },
    }
}

#[test]
fn platformer_goals_read_the_slowest_mover_and_every_count_of_collides() {
    let mut r = report(vec![], cost(5.0, 8.0), vec![100]);
    assert_eq!(met(&r, "character, platformer"), None);
    assert_eq!(met(&r, "platformer level failures"), None);
    r.platformer = vec![
        platformer_line("box", 30.0, 0),
        platformer_line("circle", 11.0, 0),
    ];
    r.goals = goals(&r);
    assert_eq!(met(&r, "character, platformer"), Some(true));
    // rapier2d's missed steps are reported, not judged.
    assert_eq!(met(&r, "platformer level failures"), Some(true));
    r.platformer.push(platformer_line("hexagon", 9.9, 60));
    r.goals = goals(&r);
    assert_eq!(met(&r, "character, platformer"), Some(false));
    assert_eq!(met(&r, "platformer level failures"), Some(false));
    let goal = r
        .goals
        .iter()
        .find(|g| g.name.starts_with("platformer"))
        .unwrap();
    assert!(
        goal.measured.contains("idle slides 60"),
        "{}",
        goal.measured
    );
    assert_eq!(goal.value, Some(60.0));
    assert!(r.text().contains("0 / 9"));
    assert!(r.to_json()["platformer"][2]["ours"]["idle_slides"] == 60);
}

fn tile_line(query: &str, speedup: f64, wrong: usize, seams: usize) -> crate::tiles::TileEntry {
    use crate::versus::Verdicts;
    crate::tiles::TileEntry {
        query: query.into(),
        ours_ns: 100.0,
        peer_ns: 100.0 * speedup,
        speedup,
        batches: 3,
        cases: 64,
        peer_hits: 60,
        disagreements: 2 + wrong,
        verdicts: Verdicts {
            ours_right: 2,
            peer_right: wrong,
        },
        max_difference: 0.1,
        ours_seam_hits: seams,
        peer_seam_hits: 9,
    }
}

#[test]
fn tile_goals_read_the_slowest_cast_and_collides_wrong_answers_and_seams() {
    let mut r = report(vec![], cost(5.0, 8.0), vec![100]);
    assert_eq!(met(&r, "tile-map casts vs"), None);
    assert_eq!(met(&r, "tile-map casts: wrong"), None);
    r.tiles = vec![
        tile_line("tiles_floor_box", 40.0, 0, 0),
        tile_line("tiles_segment", 11.0, 0, 0),
    ];
    r.goals = goals(&r);
    assert_eq!(met(&r, "tile-map casts vs"), Some(true));
    // Disagreements the oracle settles for collide, and parry2d's seam hits, are no failure.
    assert_eq!(met(&r, "tile-map casts: wrong"), Some(true));
    r.tiles.push(tile_line("tiles_wall_hexagon", 9.0, 0, 0));
    r.goals = goals(&r);
    assert_eq!(met(&r, "tile-map casts vs"), Some(false));
    let measured = |r: &Report, name: &str| {
        let g = r.goals.iter().find(|g| g.name.starts_with(name));
        g.unwrap().measured.clone()
    };
    assert!(measured(&r, "tile-map casts vs").contains("tiles_wall_hexagon"));
    for (wrong, seams) in [(1, 0), (0, 1)] {
        r.tiles[0] = tile_line("tiles_floor_box", 40.0, wrong, seams);
        r.goals = goals(&r);
        assert_eq!(
            met(&r, "tile-map casts: wrong"),
            Some(false),
            "{wrong} {seams}"
        );
    }
    assert!(measured(&r, "tile-map casts: wrong").contains("seam hits 1"));
    assert!(r.text().contains("tiles_segment"));
}

#[test]
fn bounds_are_written_and_kept() {
    use goals::Bound;
    assert_eq!(Bound::AtMost(10.0, " %").to_string(), "≤ 10 %");
    assert_eq!(Bound::AtLeast(1.5, "× faster").to_string(), "≥ 1.5× faster");
    assert_eq!(
        Bound::Exactly(0.0, " in steady state").to_string(),
        "0 in steady state"
    );
    assert!(Bound::AtMost(10.0, "").holds(10.0) && !Bound::AtMost(10.0, "").holds(10.01));
    assert!(Bound::AtLeast(5.0, "").holds(5.0) && !Bound::AtLeast(5.0, "").holds(4.99));
    assert!(Bound::Exactly(0.0, "").holds(0.0) && !Bound::Exactly(0.0, "").holds(1e-9));
    assert_eq!(goals::speedup_goal("toi_circle_circle"), Some(5.0));
    assert_eq!(goals::speedup_goal("broad_uneven"), Some(1.5));
    assert_eq!(goals::speedup_goal("broad_uniform_quadtree"), None);
}

/// The rows of every table of `markdown` whose header is `header`.
fn table_rows(markdown: &str, header: &[&str]) -> Vec<Vec<String>> {
    let cells = |line: &str| -> Vec<String> {
        let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
        inner.split(" | ").map(|c| c.trim().to_owned()).collect()
    };
    let mut rows = Vec::new();
    let mut in_table = false;
    for line in markdown.lines() {
        if !line.trim_start().starts_with('|') {
            in_table = false;
            continue;
        }
        let row = cells(line);
        if row == header {
            in_table = true;
        } else if in_table && !row[0].starts_with("---") {
            rows.push(row);
        }
    }
    rows
}

/// The rows of every `| goal | bound | what it measures | how it is judged |` table.
fn goal_rows(markdown: &str) -> Vec<Vec<String>> {
    let header = ["goal", "bound", "what it measures", "how it is judged"];
    table_rows(markdown, &header)
}

#[test]
fn every_goal_is_in_goals_md_with_the_same_bound_and_nothing_else_is() {
    let rows = goal_rows(include_str!("../../GOALS.md"));
    for goal in &GOALS {
        let found: Vec<&Vec<String>> = rows.iter().filter(|r| r[0] == goal.name).collect();
        assert_eq!(found.len(), 1, "`{}` in GOALS.md: {found:?}", goal.name);
        let expected = [
            goal.name.to_owned(),
            goal.bound.to_string(),
            goal.measures.to_owned(),
            goal.judged.to_owned(),
        ];
        assert_eq!(found[0].as_slice(), expected.as_slice(), "GOALS.md drifted");
    }
    assert_eq!(
        rows.len(),
        GOALS.len(),
        "GOALS.md has goals the report does not judge"
    );
}

#[test]
fn goals_md_lists_every_spread_but_the_default_and_exact_goals_have_none() {
    let md = include_str!("../../GOALS.md");
    assert!(
        md.contains(&format!("{SPREAD_PERCENT} % unless")),
        "the default"
    );
    let rows = table_rows(md, &["goal", "spread"]);
    let wider: Vec<[String; 2]> = GOALS
        .iter()
        .filter(|g| g.spread_percent != SPREAD_PERCENT)
        .map(|g| [g.name.to_owned(), format!("{} %", g.spread_percent)])
        .collect();
    assert_eq!(rows, wider, "GOALS.md's spreads drifted");
    for goal in &GOALS {
        let exact = matches!(goal.bound, goals::Bound::Exactly(..));
        assert_eq!(exact, goal.spread_percent == 0.0, "{}", goal.name);
    }
}
