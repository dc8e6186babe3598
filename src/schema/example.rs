//! A value that fits a shape, to show how to write a JSON flag: in the
//! message for a value that does not fit (`args`) and in usage (`help`).

use serde_json::Value;

use super::shape::{Kind, Schema, Shape};

/// A value that fits `shape`, to show how to write a JSON flag:
/// `[{"name":"..."}]`. Objects show their first required keys (or their
/// first key). `None` when the example would pass
/// [`MAX_EXAMPLE_NODES`](crate::limits::MAX_EXAMPLE_NODES): a recursive
/// tuple must not make a message cost more than the parse.
fn example(schema: &Schema, shape: &Shape) -> Option<Value> {
    let mut budget = crate::limits::MAX_EXAMPLE_NODES;
    example_at(schema, shape, 0, &mut budget)
}

fn example_at(schema: &Schema, shape: &Shape, depth: usize, budget: &mut usize) -> Option<Value> {
    use crate::limits::{MAX_EXAMPLE_DEPTH, MAX_EXAMPLE_KEYS};
    *budget = budget.checked_sub(1)?;
    if depth > MAX_EXAMPLE_DEPTH {
        return Some(Value::Null);
    }
    let resolved = schema.resolve(shape);
    let mut inner = |s: &Shape| example_at(schema, s, depth + 1, budget);
    Some(match &resolved.kind {
        Kind::Any | Kind::Never | Kind::AllOf(_) | Kind::Ref(_) => Value::Object(serde_json::Map::new()),
        Kind::Null => Value::Null,
        Kind::Boolean => Value::Bool(true),
        Kind::Number | Kind::Integer => Value::from(1),
        Kind::String => Value::String("...".to_owned()),
        Kind::Enum(values) => values.first().cloned().unwrap_or(Value::Null),
        Kind::Array(array) if array.prefix.is_empty() => {
            Value::Array(array.items.iter().map(inner).collect::<Option<_>>()?)
        }
        Kind::Array(array) => Value::Array(array.prefix.iter().map(inner).collect::<Option<_>>()?),
        Kind::Object(object) => {
            let mut shown: Vec<_> = object
                .props
                .iter()
                .filter(|p| p.required)
                .take(MAX_EXAMPLE_KEYS)
                .collect();
            if shown.is_empty() {
                shown.extend(object.props.first());
            }
            match (shown.is_empty(), &object.additional) {
                // A record: one made-up key with a value of its kind.
                (true, Some(values)) => {
                    let mut map = serde_json::Map::new();
                    map.insert("key".to_owned(), inner(values)?);
                    Value::Object(map)
                }
                _ => Value::Object(
                    shown
                        .into_iter()
                        .map(|p| Some((p.key.clone(), inner(&p.shape)?)))
                        .collect::<Option<_>>()?,
                ),
            }
        }
        Kind::Union(union) => match union.branches.first() {
            Some(branch) => inner(branch)?,
            None => Value::Null,
        },
    })
}

/// The example as the text a shell user types between single quotes, when
/// it fits one line of a message and holds no quote of its own.
#[must_use]
pub fn example_text(schema: &Schema, shape: &Shape) -> Option<String> {
    let text = crate::json_out::value_text(&example(schema, shape)?);
    (text.len() <= crate::limits::CLIP_CHARS && !text.contains('\'')).then_some(text)
}
