//! Indexes the table by name and short alias, refusing any two entries that
//! a person would type the same way: two keys to one name (`foo.bar` and
//! `foo-bar`, `maxRetries` and `max-retries`), a key against a negation
//! (`no-color` and `color`), a JSON flag against a leaf, one short alias
//! twice, or a reserved name (`--help`, `-h`).

use rustc_hash::FxHashMap as HashMap;

use super::flag::Lookup;
use super::name_index::NameIndex;
use super::names::show_path;
use super::table::{AliasSpelling, Aliases, FlagTable};
use crate::error::{Code, Error, Result};

pub fn index_names(table: &mut FlagTable) -> Result<()> {
    let negations = table.flags.iter().filter(|f| f.negatable).count();
    let mut by_name = NameIndex::with_capacity(table.flags.len() + negations);
    for (index, flag) in table.flags.iter().enumerate() {
        claim_name(table, &mut by_name, &flag.name, Lookup::Flag(index))?;
    }
    // Each negation is spelt out in one buffer, to hash and compare it.
    let mut negation = String::new();
    for (index, flag) in table.flags.iter().enumerate() {
        if flag.negatable {
            negation.clear();
            negation.push_str("no-");
            negation.push_str(&flag.name);
            claim_name(table, &mut by_name, &negation, Lookup::Negation(index))?;
        }
    }
    let aliases = index_aliases(table, &by_name)?;
    let mut by_short: HashMap<char, usize> = HashMap::default();
    for (index, flag) in table.flags.iter().enumerate() {
        let Some(c) = flag.short.as_deref().and_then(|s| s.chars().next()) else {
            continue;
        };
        if table.builtins.help_short == Some(c) {
            return Err(collision(
                &format!("-{c}"),
                &owner(table, Lookup::Flag(index)),
                "the built-in -h (help)",
                &flag.name,
                ", or free -h with the compile option help: { short: null }",
            ));
        }
        if let Some(&other) = by_short.get(&c) {
            return Err(collision(
                &format!("-{c}"),
                &owner(table, Lookup::Flag(other)),
                &owner(table, Lookup::Flag(index)),
                &flag.name,
                "",
            ));
        }
        by_short.insert(c, index);
    }
    table.by_name = by_name;
    table.by_short = by_short;
    table.aliases = aliases;
    Ok(())
}

/// Each alias (and `no-` before it, for a negatable flag) against every
/// name, negation and alias before it, and the built-in names.
fn index_aliases(table: &FlagTable, by_name: &NameIndex) -> Result<Option<Box<Aliases>>> {
    let mut aliases = Aliases::default();
    for (index, flag) in table.flags.iter().enumerate() {
        for (at, alias) in flag.aliases.iter().enumerate() {
            let alias = &alias.name;
            let negation = flag.negatable.then(|| format!("no-{alias}"));
            let spellings = std::iter::once((alias.clone(), Lookup::Flag(index)))
                .chain(negation.map(|n| (n, Lookup::Negation(index))));
            for (typed, lookup) in spellings {
                let taken = by_name
                    .get(&table.flags, &typed)
                    .or_else(|| aliases.get(&typed).map(|spelling| spelling.lookup));
                let first = match (builtin(table, &typed), taken) {
                    (Some((what, _)), _) => what.to_owned(),
                    (None, Some(holder)) => owner(table, holder),
                    (None, None) => {
                        aliases.by_spelling.insert(typed, aliases.spellings.len());
                        aliases.spellings.push(AliasSpelling { lookup, alias: at });
                        continue;
                    }
                };
                return Err(Error::new(
                    Code::FlagCollision,
                    format!(
                        "--{} would mean both {first} and {} (an alias of --{}); give the alias another name",
                        crate::text::clip(&typed),
                        owner(table, lookup),
                        flag.name
                    ),
                )
                .with_flag(format!("--{}", crate::text::clip(&typed))));
            }
        }
    }
    Ok((!aliases.spellings.is_empty()).then(|| Box::new(aliases)))
}

/// A name the command line answers itself (`--help`, `--version`, when
/// on): what it is, and how to free it.
fn builtin(table: &FlagTable, name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "help" if table.builtins.help => Some((
            "the built-in --help",
            ", or turn it off with the compile option help: false",
        )),
        "version" if table.builtins.version => {
            Some(("the built-in --version", ", or leave out the compile option version"))
        }
        _ => None,
    }
}

fn claim_name(table: &FlagTable, by_name: &mut NameIndex, name: &str, lookup: Lookup) -> Result<()> {
    let target = match lookup {
        Lookup::Flag(i) | Lookup::Negation(i) => table.flags.get(i).map_or("", |f| f.name.as_str()),
    };
    if let Some((what, advice)) = builtin(table, name) {
        return Err(collision(
            &format!("--{name}"),
            what,
            &owner(table, lookup),
            target,
            advice,
        ));
    }
    let Some(existing) = by_name.claim(&table.flags, name, lookup) else {
        return Ok(());
    };
    // Two keys that give one generated name cannot be told apart by
    // `options.flags[name]`: only a `cli` meta on one of them can rename it.
    let flag_name = |l: Lookup| match l {
        Lookup::Flag(i) => table.flags.get(i).map(|f| f.name.as_str()),
        Lookup::Negation(_) => None,
    };
    if let (Some(a), Some(b), Lookup::Flag(i)) = (flag_name(existing), flag_name(lookup), lookup) {
        if a == b {
            let path = table.flags.get(i).map_or_else(String::new, |f| show_path(&f.path));
            return Err(Error::new(
                Code::FlagCollision,
                format!(
                    "--{name} would mean both {} and {}; rename one in its schema, e.g. \
                     .meta({{ cli: {{ name: \"...\" }} }}) on {path} (options.flags[\"{}\"] would \
                     match both)",
                    owner(table, existing),
                    owner(table, lookup),
                    crate::text::clip(name)
                ),
            )
            .with_flag(format!("--{name}")));
        }
    }
    Err(collision(
        &format!("--{name}"),
        &owner(table, existing),
        &owner(table, lookup),
        target,
        "",
    ))
}

fn owner(table: &FlagTable, lookup: Lookup) -> String {
    match lookup {
        Lookup::Flag(i) => table
            .flags
            .get(i)
            .map_or_else(String::new, |f| format!("the key path {}", show_path(&f.path))),
        Lookup::Negation(i) => table.flags.get(i).map_or_else(String::new, |f| {
            format!("the negation of the key path {}", show_path(&f.path))
        }),
    }
}

/// The collision of one flag (`rename`) with something else: renaming that
/// flag through `options.flags` works, since its generated name is its own.
/// `also` adds another way out (turning a built-in off).
fn collision(typed: &str, first: &str, second: &str, rename: &str, also: &str) -> Error {
    let key = crate::json_out::to_string(rename).unwrap_or_default();
    let change = if typed.starts_with("--") { "name" } else { "short" };
    Error::new(
        Code::FlagCollision,
        format!(
            "{typed} would mean both {first} and {second}; give one another {change} with \
             options.flags[{key}].{change} (or .meta({{ cli: {{ {change} }} }}) in its schema{also})"
        ),
    )
    .with_flag(typed.to_owned())
}
