//! The members of a JSON object (generic over the value, which is the
//! tree's `Json`, so this file knows nothing of the tree): a list in insertion order, each key
//! once, with the part of `serde_json::Map`'s interface the reader and the
//! profiles use. A schema node has a handful of keywords, and comparing
//! them is cheaper than hashing one (`serde_json`'s ordered map hashed every
//! key on insert and lookup, with a hasher made for hostile input); a wide
//! object (a `properties` of many names) gets a hashed index once it grows
//! past [`SCAN_MEMBERS`], so that building and searching it stays linear.

use std::borrow::Cow;
use std::collections::HashMap;

/// Objects up to this many members are searched by comparing keys.
const SCAN_MEMBERS: usize = 16;

pub type Member<'a, V> = (Cow<'a, str>, V);

/// See the module documentation.
#[derive(Clone)]
pub struct Entries<'a, V> {
    members: Vec<Member<'a, V>>,
    /// Key to position, present exactly when there are more than
    /// [`SCAN_MEMBERS`] members. (Not built lazily behind a cell: a cell
    /// would make the map, and every borrowed tree, invariant in `'a`.)
    /// Boxed: most maps have none, and every JSON value holds a map's
    /// room (48 bytes inline made every node of a parsed schema 80 bytes).
    #[allow(clippy::box_collection)] // the box is the point: see above
    index: Option<Box<HashMap<Cow<'a, str>, usize>>>,
    /// A bit per key that was ever put here ([`key_bit`]), never cleared:
    /// a lookup whose bit is clear misses without a scan. Most lookups
    /// miss (a profile asks every node for a dozen keywords it rarely
    /// has), and JSON Schema's keywords share lengths (`anyOf`, `oneOf`,
    /// `allOf`, `items`, `const`, `title`), so a scan compared their bytes.
    mask: u64,
}

/// A key's bit in [`Entries::mask`]: from its length and first and last bytes,
/// which tell JSON Schema's keywords apart.
#[inline]
fn key_bit(key: &str) -> u64 {
    let bytes = key.as_bytes();
    let first = bytes.first().copied().unwrap_or(0);
    let last = bytes.last().copied().unwrap_or(0);
    let mixed = (bytes.len() as u64)
        .wrapping_mul(31)
        .wrapping_add(u64::from(first).wrapping_mul(7))
        .wrapping_add(u64::from(last).wrapping_mul(3));
    1 << (mixed % 64)
}

impl<V> Default for Entries<'_, V> {
    fn default() -> Self {
        Entries {
            members: Vec::new(),
            index: None,
            mask: 0,
        }
    }
}

impl<'a, V> Entries<'a, V> {
    #[must_use]
    pub fn new() -> Self {
        Entries::default()
    }

    #[must_use]
    pub fn with_capacity(capacity: usize) -> Self {
        Entries {
            members: Vec::with_capacity(capacity),
            index: None,
            mask: 0,
        }
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.members.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The members in order, as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[Member<'a, V>] {
        &self.members
    }

    /// Inlined, so that a keyword written in the code has its bit worked
    /// out at compile time and a miss costs one test where it is asked.
    #[inline]
    fn position(&self, key: &str) -> Option<usize> {
        if self.mask & key_bit(key) == 0 {
            return None;
        }
        self.find(key)
    }

    fn find(&self, key: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(key).copied(),
            // Lengths first: most keys differ in length, and at opt-level
            // "z" a string comparison is a call (and memcmp another).
            None => self
                .members
                .iter()
                .position(|(k, _)| k.len() == key.len() && k.as_bytes() == key.as_bytes()),
        }
    }

    /// Where `key` stands in the members (the order [`Entries::iter`] gives);
    /// positions stay put until a member is removed.
    #[must_use]
    #[inline]
    pub fn index_of(&self, key: &str) -> Option<usize> {
        self.position(key)
    }

    #[must_use]
    #[inline]
    pub fn get(&self, key: &str) -> Option<&V> {
        let at = self.position(key)?;
        self.members.get(at).map(|(_, v)| v)
    }

    #[inline]
    pub fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        let at = self.position(key)?;
        self.members.get_mut(at).map(|(_, v)| v)
    }

    #[must_use]
    #[inline]
    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// Sets `key`: in its place when present, else last. Returns the value
    /// it replaced.
    pub fn insert(&mut self, key: impl Into<Cow<'a, str>>, value: V) -> Option<V> {
        let key = key.into();
        if let Some(slot) = self.get_mut(&key) {
            return Some(std::mem::replace(slot, value));
        }
        self.push_new(key, value);
        None
    }

    /// Sets `key` only when absent (serde_json's `entry(key).or_insert`).
    pub fn insert_absent(&mut self, key: impl Into<Cow<'a, str>>, value: V) {
        let key = key.into();
        if self.position(&key).is_none() {
            self.push_new(key, value);
        }
    }

    /// Appends `key`, which the caller's own construction makes distinct
    /// from every key already there (an emitter writing its fixed keys):
    /// no search for it first.
    pub fn push(&mut self, key: impl Into<Cow<'a, str>>, value: V) {
        let key = key.into();
        debug_assert!(self.position(&key).is_none(), "pushed a key twice: {key}");
        self.push_new(key, value);
    }

    /// Appends a key the caller knows is not there yet.
    fn push_new(&mut self, key: Cow<'a, str>, value: V) {
        self.mask |= key_bit(&key);
        if let Some(index) = &mut self.index {
            index.insert(key.clone(), self.members.len());
        }
        self.members.push((key, value));
        if self.index.is_none() && self.members.len() > SCAN_MEMBERS {
            self.index = Some(Box::new(
                self.members
                    .iter()
                    .enumerate()
                    .map(|(i, (k, _))| (k.clone(), i))
                    .collect(),
            ));
        }
    }

    /// Removes `key`, the last member taking its place (as serde_json's
    /// ordered map does: the order of what stays is theirs).
    #[inline]
    pub fn remove(&mut self, key: &str) -> Option<V> {
        let at = self.position(key)?;
        let (_, value) = self.members.swap_remove(at);
        if let Some(index) = &mut self.index {
            index.remove(key);
            if let Some((moved, _)) = self.members.get(at) {
                index.insert(moved.clone(), at);
            }
        }
        Some(value)
    }

    /// Removes `key`, what stays keeping its order: for a key the Shape
    /// writer leaves out where the tree removes it, so both write the
    /// same text.
    pub fn shift_remove(&mut self, key: &str) -> Option<V> {
        let at = self.position(key)?;
        let (_, value) = self.members.remove(at);
        if let Some(index) = &mut self.index {
            index.remove(key);
            for (i, (moved, _)) in self.members.iter().enumerate().skip(at) {
                index.insert(moved.clone(), i);
            }
        }
        Some(value)
    }

    #[must_use]
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&Cow<'a, str>, &V)> + ExactSizeIterator {
        self.into_iter()
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = (&Cow<'a, str>, &mut V)> {
        self.members.iter_mut().map(|(k, v)| (&*k, v))
    }

    pub fn keys(&self) -> impl Iterator<Item = &Cow<'a, str>> {
        self.members.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.members.iter().map(|(_, v)| v)
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut V> + use<'_, 'a, V> {
        self.members.iter_mut().map(|(_, v)| v)
    }
}

impl<'m, 'a, V> IntoIterator for &'m Entries<'a, V> {
    type Item = (&'m Cow<'a, str>, &'m V);
    type IntoIter = std::iter::Map<std::slice::Iter<'m, Member<'a, V>>, fn(&'m Member<'a, V>) -> Self::Item>;

    fn into_iter(self) -> Self::IntoIter {
        self.members.iter().map(|(k, v)| (k, v))
    }
}

impl<'a, V> IntoIterator for Entries<'a, V> {
    type Item = Member<'a, V>;
    type IntoIter = std::vec::IntoIter<Member<'a, V>>;

    fn into_iter(self) -> Self::IntoIter {
        self.members.into_iter()
    }
}

impl<'a, K: Into<Cow<'a, str>>, V> FromIterator<(K, V)> for Entries<'a, V> {
    /// Later repeats of a key replace the value in the first one's place.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let iter = iter.into_iter();
        let mut map = Entries::with_capacity(iter.size_hint().0);
        for (key, value) in iter {
            map.insert(key, value);
        }
        map
    }
}

/// Equal when they hold the same keys with equal values, in any order
/// (as serde_json's maps compare).
impl<V: PartialEq> PartialEq for Entries<'_, V> {
    fn eq(&self, other: &Self) -> bool {
        if self.len() != other.len() {
            return false;
        }
        let same_order = self.members.iter().zip(&other.members).all(|((a, _), (b, _))| a == b);
        if same_order {
            return self.members.iter().zip(&other.members).all(|((_, a), (_, b))| a == b);
        }
        self.iter().all(|(key, value)| other.get(key) == Some(value))
    }
}

impl<V: std::fmt::Debug> std::fmt::Debug for Entries<'_, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use crate::json::{Json, Map};

    use super::*;

    fn n(i: usize) -> Json<'static> {
        Json::from(i)
    }

    /// `k0: 0, k1: 1, ...`: narrow, or past the scan into the hashed index.
    fn numbered(width: usize) -> Map<'static> {
        let mut map = Map::new();
        for i in 0..width {
            map.insert(format!("k{i}"), n(i));
        }
        map
    }

    #[test]
    fn narrow_and_wide_maps_insert_replace_and_remove_alike() {
        for width in [3, SCAN_MEMBERS + 5] {
            let mut map = numbered(width);
            assert_eq!(map.get("k1"), Some(&n(1)));
            assert_eq!(map.insert("k1", n(100)), Some(n(1)));
            assert_eq!(map.keys().nth(1).map(AsRef::as_ref), Some("k1"));
            assert_eq!(map.remove("k0"), Some(n(0)));
            let last = format!("k{}", width - 1);
            assert_eq!(map.keys().next().map(AsRef::as_ref), Some(last.as_str()));
            assert_eq!(map.get(&last), Some(&n(width - 1)));
            assert!(!map.contains_key("k0"));
            map.insert_absent("k1", n(7));
            map.insert_absent("new", n(8));
            assert_eq!((map.get("k1"), map.get("new")), (Some(&n(100)), Some(&n(8))));
            assert_eq!(map.len(), width);
        }
    }

    #[test]
    fn shift_remove_keeps_the_order_of_what_stays() {
        for width in [3, SCAN_MEMBERS + 5] {
            let mut map = numbered(width);
            assert_eq!(map.shift_remove("k1"), Some(n(1)));
            assert_eq!(map.shift_remove("k1"), None);
            let expected: Vec<String> = (0..width).filter(|i| *i != 1).map(|i| format!("k{i}")).collect();
            assert_eq!(map.keys().map(ToString::to_string).collect::<Vec<_>>(), expected);
            for i in (0..width).filter(|i| *i != 1) {
                assert_eq!(map.get(&format!("k{i}")), Some(&n(i)), "k{i} of {width}");
            }
        }
    }

    #[test]
    fn keys_that_share_a_bit_or_were_removed_are_told_apart() {
        let keywords = [
            "anyOf", "oneOf", "allOf", "items", "const", "title", "type", "enum", "", "a", "ab", "ba",
        ];
        let mut map = Map::new();
        for (i, key) in keywords.iter().enumerate() {
            assert_eq!(map.get(key), None, "{key} before it is put");
            map.insert(*key, n(i));
        }
        for (i, key) in keywords.iter().enumerate() {
            assert_eq!(map.get(key), Some(&n(i)), "{key}");
        }
        // 64 bits for 200 keys: most bits are shared, every key still found.
        let many: Map<'_> = (0..200).map(|i| (format!("key{i}"), n(i))).collect();
        assert!((0..200).all(|i| many.get(&format!("key{i}")) == Some(&n(i))));
        assert_eq!(many.get("key200"), None);
        // A removed key's bit stays set; the lookup scans and still misses.
        assert_eq!(map.remove("oneOf"), Some(n(1)));
        assert_eq!(map.get("oneOf"), None);
        assert_eq!(map.get("anyOf"), Some(&n(0)));
    }

    #[test]
    fn equality_ignores_order() {
        let a: Map<'_> = [("x", n(1)), ("y", n(2))].into_iter().collect();
        let b: Map<'_> = [("y", n(2)), ("x", n(1))].into_iter().collect();
        let c: Map<'_> = [("y", n(2)), ("x", n(3))].into_iter().collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
