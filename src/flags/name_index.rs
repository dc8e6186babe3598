//! What a typed `--name` refers to, without a copy of any name: the index
//! keys each flag name (and each `no-` negation) by its hash, and confirms
//! a hit against the names the flag table already holds. Copying every
//! name into a map, and writing out every negation, was a tenth of
//! building a table. Names whose Fx hash an earlier name holds (Fx hashing
//! does not resist chosen collisions, and schemas are input) go to a map
//! of their own, keyed by the names themselves under std's SipHash: a
//! collision costs a lookup there, never a wrong answer, and a schema made
//! of colliding names costs a map insert per name, not a scan of the
//! others.

use std::borrow::Cow;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::BuildHasher;

use rustc_hash::{FxBuildHasher, FxHashMap};

use super::flag::{Flag, Lookup};

/// See the module documentation.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NameIndex {
    by_hash: FxHashMap<u64, Lookup>,
    /// Names whose hash an earlier name already holds (empty but for
    /// chosen collisions: an empty map answers without hashing), each to
    /// its place in `shared`: the module's common `String` to `usize` map.
    shared_hash: HashMap<String, usize>,
    shared: Vec<Lookup>,
}

fn hash(name: &str) -> u64 {
    FxBuildHasher.hash_one(name)
}

/// Whether `lookup` is typed as `name`.
fn spells(flags: &[Flag], lookup: Lookup, name: &str) -> bool {
    match lookup {
        Lookup::Flag(i) => flags.get(i).is_some_and(|f| f.name == name),
        Lookup::Negation(i) => name
            .strip_prefix("no-")
            .is_some_and(|rest| flags.get(i).is_some_and(|f| f.name == rest)),
    }
}

impl NameIndex {
    #[must_use]
    pub fn with_capacity(names: usize) -> NameIndex {
        NameIndex {
            by_hash: FxHashMap::with_capacity_and_hasher(names, FxBuildHasher),
            shared_hash: HashMap::new(),
            shared: Vec::new(),
        }
    }

    /// What `name` refers to among `flags` (the table the index was built for).
    #[must_use]
    pub fn get(&self, flags: &[Flag], name: &str) -> Option<Lookup> {
        let hit = self
            .by_hash
            .get(&hash(name))
            .copied()
            .filter(|&lookup| spells(flags, lookup, name));
        hit.or_else(|| self.shared_hash.get(name).and_then(|&at| self.shared.get(at)).copied())
    }

    /// Records `name` (as `lookup` spells it) unless it is taken: then what
    /// holds it.
    pub fn claim(&mut self, flags: &[Flag], name: &str, lookup: Lookup) -> Option<Lookup> {
        if let Some(holder) = self.get(flags, name) {
            return Some(holder);
        }
        match self.by_hash.entry(hash(name)) {
            Entry::Vacant(slot) => {
                slot.insert(lookup);
            }
            Entry::Occupied(_) => {
                self.shared_hash.insert(name.to_owned(), self.shared.len());
                self.shared.push(lookup);
            }
        }
        None
    }
}

/// Every name a person can type for `flags`: each flag's, and `no-` before
/// each negatable one's (written out here, for suggestions only).
pub fn typed_names(flags: &[Flag]) -> impl Iterator<Item = Cow<'_, str>> {
    let names = flags.iter().map(|f| Cow::Borrowed(f.name.as_str()));
    let negations = flags
        .iter()
        .filter(|f| f.negatable)
        .map(|f| Cow::Owned(format!("no-{}", f.name)));
    names.chain(negations)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flags::FlagType;
    use crate::schema::{Kind, Shape};

    fn flag(name: &str, negatable: bool) -> Flag {
        Flag {
            name: name.to_owned(),
            path: vec![name.to_owned()],
            ty: if negatable { FlagType::Boolean } else { FlagType::String },
            required: false,
            default: None,
            description: None,
            short: None,
            choices: None,
            repeatable: false,
            negatable,
            json: false,
            env: None,
            nullable: false,
            hidden: false,
            deprecated: crate::schema::Deprecation::Current,
            positional: None,
            count: false,
            aliases: Vec::new(),
            shape: Shape::of(Kind::String),
            scalar_parts: None,
            record: false,
            list: false,
            gathers: false,
            item_parts: None,
            tuple_parts: None,
            group: 0,
            inherited_default: false,
            switch: false,
            null_if_absent: false,
            numeric: false,
            must_supply: false,
        }
    }

    #[test]
    fn names_and_negations_resolve_and_nothing_else_does() {
        let flags = vec![flag("name", false), flag("verbose", true)];
        let mut index = NameIndex::with_capacity(3);
        assert_eq!(index.claim(&flags, "name", Lookup::Flag(0)), None);
        assert_eq!(index.claim(&flags, "verbose", Lookup::Flag(1)), None);
        assert_eq!(index.claim(&flags, "no-verbose", Lookup::Negation(1)), None);
        assert_eq!(index.get(&flags, "name"), Some(Lookup::Flag(0)));
        assert_eq!(index.get(&flags, "no-verbose"), Some(Lookup::Negation(1)));
        for absent in ["no-name", "nam", "", "no-", "verbose-", "no-no-verbose"] {
            assert_eq!(index.get(&flags, absent), None, "{absent}");
        }
        // A name already held answers with its holder.
        assert_eq!(index.claim(&flags, "name", Lookup::Flag(1)), Some(Lookup::Flag(0)));
    }

    #[test]
    fn two_names_with_one_hash_stay_apart() {
        let flags = vec![flag("a", false), flag("b", false)];
        let mut index = NameIndex::with_capacity(2);
        assert_eq!(index.claim(&flags, "a", Lookup::Flag(0)), None);
        // Force the clash: "b" takes the list because "a" holds its hash.
        index.by_hash.insert(hash("b"), Lookup::Flag(0));
        assert_eq!(index.claim(&flags, "b", Lookup::Flag(1)), None);
        assert_eq!(index.shared_hash.len(), 1);
        assert_eq!(index.get(&flags, "b"), Some(Lookup::Flag(1)));
        assert_eq!(index.get(&flags, "a"), Some(Lookup::Flag(0)));
        assert_eq!(index.get(&flags, "c"), None);
    }

    #[test]
    fn many_names_behind_held_hashes_all_resolve() {
        let flags: Vec<Flag> = (0..5000).map(|i| flag(&format!("f{i}"), i % 2 == 0)).collect();
        let mut index = NameIndex::with_capacity(flags.len());
        // Every hash is taken by a flag that does not spell the name, as a
        // schema of chosen collisions would have it.
        for (i, f) in flags.iter().enumerate() {
            index.by_hash.insert(hash(&f.name), Lookup::Flag((i + 1) % flags.len()));
            assert_eq!(index.claim(&flags, &f.name, Lookup::Flag(i)), None);
        }
        for (i, f) in flags.iter().enumerate() {
            assert_eq!(index.get(&flags, &f.name), Some(Lookup::Flag(i)));
        }
        assert_eq!(index.shared_hash.len(), flags.len());
    }
}
