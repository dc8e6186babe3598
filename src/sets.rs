//! The one set the module carries.
//!
//! Each key type a `HashSet` is used with is a copy of the table code
//! (about 1 KB of wasm apiece), and the module already carries
//! `HashMap<&str, usize>` and `HashMap<String, usize>`: a set of names is
//! one of those maps, its values unused.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::Hash;

/// A set of names (`&str` or `String`), on std's SipHash: the names are
/// input, and chosen collisions must not make a set slow.
#[derive(Debug, Clone)]
pub struct NameSet<K>(HashMap<K, usize>);

impl<K> Default for NameSet<K> {
    fn default() -> Self {
        NameSet(HashMap::new())
    }
}

impl<K: Hash + Eq> NameSet<K> {
    #[must_use]
    pub fn new() -> Self {
        NameSet::default()
    }

    #[must_use]
    pub fn with_capacity(capacity: usize) -> Self {
        NameSet(HashMap::with_capacity(capacity))
    }

    /// Adds `key`; whether it was not there yet.
    pub fn insert(&mut self, key: K) -> bool {
        self.0.insert(key, 0).is_none()
    }

    #[must_use]
    pub fn contains<Q: Hash + Eq + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.0.contains_key(key)
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The names, in no order.
    pub fn iter(&self) -> impl Iterator<Item = &K> {
        self.0.keys()
    }
}

impl<K: Hash + Eq> FromIterator<K> for NameSet<K> {
    fn from_iter<I: IntoIterator<Item = K>>(items: I) -> Self {
        let mut set = NameSet::new();
        for key in items {
            set.insert(key);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::NameSet;

    #[test]
    fn holds_each_name_once_and_finds_it_by_str() {
        let mut owned: NameSet<String> = NameSet::with_capacity(2);
        assert!(owned.insert("a".to_owned()));
        assert!(!owned.insert("a".to_owned()));
        assert!(owned.contains("a") && !owned.contains("b"));
        let borrowed: NameSet<&str> = ["x", "y", "x"].into_iter().collect();
        assert_eq!(borrowed.len(), 2);
        assert!(borrowed.contains("y") && !NameSet::<&str>::new().contains("y"));
        assert!(NameSet::<&str>::default().is_empty());
    }
}
