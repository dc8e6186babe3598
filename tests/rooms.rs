//! The rooms depend one way: the top-level modules of `src/` refer to each
//! other in no cycle (outside their tests), nor the files of one room, so the
//! picture in `docs/design.md` stays true. `lib.rs` is the facade and
//! `wasm.rs`/`wire.rs` the top.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every `.rs` file below `dir`.
fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    files_ending(dir, &["rs"], out);
}

/// Every file below `dir` whose extension is one of `endings`.
fn files_ending(dir: &Path, endings: &[&str], out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_ending(&path, endings, out);
        } else if path
            .extension()
            .is_some_and(|e| endings.iter().any(|ending| e == *ending))
        {
            out.push(path);
        }
    }
}

/// The lower-case names after `crate::` in `text` (a room, or a function of
/// the facade), before any test module.
fn referred(text: &str) -> BTreeSet<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = code.get(at + "crate::".len()..).unwrap_or_default();
        if rest.starts_with('{') {
            // `use crate::{a::X, b::{..}}`: each first segment.
            let group = rest.split('}').next().unwrap_or_default();
            for part in group.trim_start_matches('{').split(',') {
                let name: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                    .collect();
                if !name.is_empty() && part.trim().get(name.len()..).is_some_and(|r| r.starts_with("::")) {
                    found.insert(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

#[test]
fn no_two_rooms_refer_to_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut deps: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap_or(file);
        let first = relative
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy().to_string())
            .unwrap_or_default();
        let room = first.trim_end_matches(".rs").to_owned();
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let entry = deps.entry(room.clone()).or_default();
        entry.extend(referred(&text).into_iter().filter(|r| *r != room));
    }
    assert!(deps.len() > 15, "found only {} rooms", deps.len());
    let cycles = cycles(&deps);
    assert!(cycles.is_empty(), "rooms that refer to each other: {cycles:?}");
}

/// Every cycle of references, of two parts or more, each written once from
/// its least part: `a -> b -> c -> a`.
fn cycles(deps: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut found = BTreeSet::new();
    for start in deps.keys() {
        // Depth first from `start` through parts after it: a path back to
        // `start` is a cycle whose least part is `start`.
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((at, path)) = stack.pop() {
            for next in deps.get(&at).into_iter().flatten() {
                if next == start {
                    found.insert(format!("{} -> {start}", path.join(" -> ")));
                } else if next > start && seen.insert(next.clone()) {
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
    found.into_iter().collect()
}

/// A file's module path: `args/coerce.rs` is `args::coerce`, `args/mod.rs` is `args`.
fn module_of(relative: &Path) -> String {
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    parts.join("::")
}

/// The module paths a file refers to: `crate::a::b::C` as the longest
/// known module it starts with, `super::x` as the sibling module `x`.
fn modules_referred(module: &str, text: &str, known: &BTreeSet<String>, is_mod_rs: bool) -> BTreeSet<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    let parent: Vec<&str> = {
        let mut parts: Vec<&str> = module.split("::").collect();
        if !is_mod_rs {
            parts.pop();
        }
        parts
    };
    let mut found = BTreeSet::new();
    let path_at = |at: usize, skip: usize| -> Vec<String> {
        code.get(at + skip..)
            .unwrap_or_default()
            .split("::")
            .map(|seg| {
                seg.chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                    .collect::<String>()
            })
            .take_while(|seg| !seg.is_empty())
            .collect()
    };
    let mut add = |mut path: Vec<String>| {
        while !path.is_empty() {
            let joined = path.join("::");
            if known.contains(&joined) {
                if joined != module {
                    found.insert(joined);
                }
                return;
            }
            path.pop();
        }
    };
    for (at, _) in code.match_indices("crate::") {
        add(path_at(at, "crate::".len()));
    }
    for (at, _) in code.match_indices("super::") {
        let mut path: Vec<String> = parent.iter().map(|s| (*s).to_owned()).collect();
        path.extend(path_at(at, "super::".len()));
        add(path);
    }
    found
}

#[test]
fn no_two_files_of_a_room_refer_to_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let known: BTreeSet<String> = files
        .iter()
        .map(|file| module_of(file.strip_prefix(&src).unwrap_or(file)))
        .collect();
    let mut deps: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let module = module_of(file.strip_prefix(&src).unwrap_or(file));
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let is_mod_rs = file.file_name().is_some_and(|name| name == "mod.rs");
        deps.insert(module.clone(), modules_referred(&module, &text, &known, is_mod_rs));
    }
    let cycles = cycles(&deps);
    assert!(cycles.is_empty(), "files that refer to each other: {cycles:?}");
}

/// The files of `files` longer than `most` lines.
fn longer_than(files: &[std::path::PathBuf], most: usize) -> Vec<String> {
    files
        .iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(file).unwrap_or_default().lines().count();
            (lines > most).then(|| format!("{} ({lines})", file.display()))
        })
        .collect()
}

#[test]
fn no_source_file_is_too_long() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut rust = Vec::new();
    sources(&root.join("src"), &mut rust);
    assert!(rust.len() > 50);
    let long = longer_than(&rust, 450);
    assert!(long.is_empty(), "Rust files over 450 lines: {long:?}");
    let mut js = Vec::new();
    files_ending(&root.join("pkg-template"), &["mjs", "cjs", "js"], &mut js);
    assert!(js.len() > 20);
    let long = longer_than(&js, 300);
    assert!(long.is_empty(), "package JS files over 300 lines: {long:?}");
}

#[test]
fn a_cycle_of_any_length_is_found() {
    let deps: BTreeMap<String, BTreeSet<String>> = [("a", &["b"][..]), ("b", &["c"]), ("c", &["a", "d"]), ("d", &[])]
        .into_iter()
        .map(|(part, uses)| (part.to_owned(), uses.iter().map(|u| (*u).to_owned()).collect()))
        .collect();
    assert_eq!(cycles(&deps), ["a -> b -> c -> a"]);
    let pair: BTreeMap<String, BTreeSet<String>> = [("x", "y"), ("y", "x")]
        .into_iter()
        .map(|(part, uses)| (part.to_owned(), BTreeSet::from([uses.to_owned()])))
        .collect();
    assert_eq!(cycles(&pair), ["x -> y -> x"]);
}
