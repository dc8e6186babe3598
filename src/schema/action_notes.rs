//! The note each field of a grouped tool or a flattened action union
//! carries: which actions use it and which require it, joined to its
//! description without doubling a period, every key once, in definition order.

/// Where a field is used, by action position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Use {
    /// Actions that have the field, in definition order, each once.
    pub users: Vec<usize>,
    /// Of those, the ones that require it.
    pub required_by: Vec<usize>,
}

impl Use {
    /// Records one action's use; an action is counted once.
    pub fn add(&mut self, action: usize, required: bool) {
        if !self.users.contains(&action) {
            self.users.push(action);
        }
        if required && !self.required_by.contains(&action) {
            self.required_by.push(action);
        }
    }

    /// Required by every one of `all` (the user-defined actions).
    #[must_use]
    pub fn always_required(&self, all: &[usize]) -> bool {
        !all.is_empty() && all.iter().all(|a| self.required_by.contains(a))
    }
}

/// The note for a field, or `None` when it needs none (used by every
/// action and optional in all). `all` is every user-defined action; `keys`
/// names actions by position.
#[must_use]
pub fn note(usage: &Use, all: &[usize], keys: &[String]) -> Option<String> {
    let names = |list: &[usize]| -> String {
        list.iter()
            .filter_map(|i| keys.get(*i).map(String::as_str))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if usage.always_required(all) {
        return Some("(always required)".to_owned());
    }
    let everyone = all.iter().all(|a| usage.users.contains(a));
    let optional_in: Vec<usize> = usage
        .users
        .iter()
        .copied()
        .filter(|u| !usage.required_by.contains(u))
        .collect();
    match (usage.required_by.is_empty(), optional_in.is_empty()) {
        (true, _) if everyone => None,
        (true, _) => Some(format!("For: {}", names(&usage.users))),
        (false, true) => Some(format!("Required for: {}", names(&usage.required_by))),
        (false, false) => Some(format!(
            "Required for: {}. For: {}",
            names(&usage.required_by),
            names(&optional_in)
        )),
    }
}

/// One action's line of a `Workflow:` list (`- 'create': Add a user.
/// Requires: email [DESTRUCTIVE]`), or `None` when it has nothing to say.
#[must_use]
pub fn action_line(key: &str, description: Option<&str>, requires: &[String], destructive: bool) -> Option<String> {
    let mut text = description
        .filter(|d| !d.trim().is_empty())
        .map_or_else(String::new, |d| d.trim_end().to_owned());
    if !requires.is_empty() {
        text = join_sentence(&text, &format!("Requires: {}", requires.join(", ")));
    }
    if text.is_empty() && !destructive {
        return None;
    }
    let mut out = format!("- '{key}': {text}");
    if destructive {
        if !text.is_empty() {
            out.push(' ');
        }
        out.push_str("[DESTRUCTIVE]");
    }
    Some(out)
}

/// `text` and `more` as one sentence run: `. ` between them, or only a
/// space when `text` already ends a sentence (no `ID.. (always required)`).
#[must_use]
pub fn join_sentence(text: &str, more: &str) -> String {
    let text = text.trim_end();
    if text.is_empty() {
        return more.to_owned();
    }
    if text.ends_with(['.', '!', '?']) {
        format!("{text} {more}")
    } else {
        format!("{text}. {more}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> Vec<String> {
        ["list", "create", "ban"].iter().map(|s| (*s).to_owned()).collect()
    }

    fn usage(users: &[usize], required_by: &[usize]) -> Use {
        Use {
            users: users.to_vec(),
            required_by: required_by.to_vec(),
        }
    }

    #[test]
    fn each_case_of_the_note() {
        let all = [0, 1, 2];
        let note_of = |u: &Use| note(u, &all, &keys());
        assert_eq!(
            note_of(&usage(&[0, 1, 2], &[0, 1, 2])).as_deref(),
            Some("(always required)")
        );
        assert_eq!(note_of(&usage(&[0, 1, 2], &[])), None);
        assert_eq!(
            note_of(&usage(&[1, 2], &[1, 2])).as_deref(),
            Some("Required for: create, ban")
        );
        assert_eq!(
            note_of(&usage(&[0, 1, 2], &[1])).as_deref(),
            Some("Required for: create. For: list, ban")
        );
        assert_eq!(note_of(&usage(&[0, 2], &[])).as_deref(), Some("For: list, ban"));
    }

    #[test]
    fn a_key_is_never_repeated() {
        let mut u = Use::default();
        u.add(0, true);
        u.add(0, true);
        u.add(1, false);
        assert_eq!(
            note(&u, &[0, 1, 2], &keys()).as_deref(),
            Some("Required for: list. For: create")
        );
    }

    #[test]
    fn a_period_is_never_doubled() {
        assert_eq!(
            join_sentence("Workspace ID", "(always required)"),
            "Workspace ID. (always required)"
        );
        assert_eq!(
            join_sentence("Workspace ID.", "(always required)"),
            "Workspace ID. (always required)"
        );
        assert_eq!(join_sentence("Really?", "For: a"), "Really? For: a");
        assert_eq!(join_sentence("", "For: a"), "For: a");
    }
}
