//! Property: for generated schemas and generated arguments that fit them,
//! `parse_argv(to_argv(args)) == args`, or `to_argv` says UNREPRESENTABLE.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::indexing_slicing)] // test code: a panic is a failed test

use proptest::prelude::*;
use serde_json::{json, Map, Value};
use toolshape::{no_env, Code, CompileOptions, Tool};

#[derive(Debug, Clone)]
enum Leaf {
    Str,
    Num,
    Int,
    Bool,
    Choice,
    NullableStr,
    Strings,
    Ints,
    Record,
    StrOrNum,
    /// Lists a flag takes JSON text or a word an item for.
    Objects,
    NullableStrings,
    Bools,
    StrsOrNums,
    /// A record typed `KEY=JSON` an entry.
    RecordOfObjects,
    /// A closed tuple of scalars, typed a word a position (`--t a 1 b`).
    Tuple,
    /// An enum whose text values read as its other values (`"5"`, `5`).
    Lookalikes,
    /// A union of described literals, a choice, and a list of them.
    Described,
    DescribedList,
}

#[derive(Debug, Clone)]
enum Node {
    Leaf(Leaf),
    Object(Vec<(String, Node, bool)>),
}

const KEYS: &[&str] = &[
    "alpha",
    "beta",
    "dryRun",
    "max-retries",
    "x_y",
    "toString",
    "constructor",
    "n1",
    "URLPath",
];

fn leaf() -> impl Strategy<Value = Leaf> {
    prop_oneof![
        Just(Leaf::Str),
        Just(Leaf::Num),
        Just(Leaf::Int),
        Just(Leaf::Bool),
        Just(Leaf::Choice),
        Just(Leaf::NullableStr),
        Just(Leaf::Strings),
        Just(Leaf::Ints),
        Just(Leaf::Record),
        Just(Leaf::StrOrNum),
        Just(Leaf::Objects),
        Just(Leaf::NullableStrings),
        Just(Leaf::Bools),
        Just(Leaf::StrsOrNums),
        Just(Leaf::RecordOfObjects),
        Just(Leaf::Tuple),
        Just(Leaf::Lookalikes),
        Just(Leaf::Described),
        Just(Leaf::DescribedList),
    ]
}

const LOOKALIKES: &[&str] = &[r#""5""#, "5", r#""true""#, "true", r#""x""#, r#""-1""#, "-1"];

fn described() -> Value {
    json!({"anyOf": [
        {"const": "fast", "description": "Cheap"},
        {"const": "-c", "description": "Dashed"},
        {"const": 2, "description": "Two"}
    ]})
}

fn node() -> impl Strategy<Value = Node> {
    leaf().prop_map(Node::Leaf).prop_recursive(4, 24, 4, |inner| {
        prop::collection::vec((prop::sample::select(KEYS), inner, any::<bool>()), 1..4).prop_map(|props| {
            let mut seen = Vec::new();
            let props = props
                .into_iter()
                .filter(|(k, _, _)| {
                    let fresh = !seen.contains(k);
                    seen.push(*k);
                    fresh
                })
                .map(|(k, n, r)| ((*k).to_owned(), n, r))
                .collect();
            Node::Object(props)
        })
    })
}

fn root() -> impl Strategy<Value = Node> {
    node().prop_map(|n| match n {
        Node::Object(_) => n,
        leaf @ Node::Leaf(_) => Node::Object(vec![("alpha".to_owned(), leaf, true)]),
    })
}

fn schema(node: &Node) -> Value {
    match node {
        Node::Leaf(leaf) => match leaf {
            Leaf::Str => json!({"type": "string"}),
            Leaf::Num => json!({"type": "number"}),
            Leaf::Int => json!({"type": "integer"}),
            Leaf::Bool => json!({"type": "boolean"}),
            Leaf::Choice => json!({"type": "string", "enum": ["a", "b", "-c"]}),
            Leaf::NullableStr => json!({"type": ["string", "null"]}),
            Leaf::Strings => json!({"type": "array", "items": {"type": "string"}}),
            Leaf::Ints => json!({"type": "array", "items": {"type": "integer"}}),
            Leaf::Record => json!({"type": "object", "additionalProperties": {"type": "integer"}}),
            Leaf::StrOrNum => json!({"anyOf": [{"type": "string"}, {"type": "number"}]}),
            Leaf::Objects => {
                json!({"type": "array", "items": {"type": "object", "properties": {"k": {"type": "string"}}, "required": ["k"]}})
            }
            Leaf::NullableStrings => json!({"type": ["array", "null"], "items": {"type": "string"}}),
            Leaf::RecordOfObjects => {
                json!({"type": "object", "additionalProperties": {"type": "object", "properties": {"k": {"type": "string"}}}})
            }
            Leaf::Bools => json!({"type": "array", "items": {"type": "boolean"}}),
            Leaf::StrsOrNums => {
                json!({"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "number"}]}})
            }
            Leaf::Tuple => json!({"type": "array", "prefixItems": [
                {"type": "string"}, {"type": "number"}, {"enum": ["a", "b", "-c"]}, {"type": ["boolean", "null"]}
            ], "items": false}),
            Leaf::Lookalikes => {
                let values: Vec<Value> = LOOKALIKES.iter().map(|t| serde_json::from_str(t).unwrap()).collect();
                json!({ "enum": values })
            }
            Leaf::Described => described(),
            Leaf::DescribedList => json!({"type": "array", "items": described()}),
        },
        Node::Object(props) => {
            let properties: Map<String, Value> = props.iter().map(|(k, n, _)| (k.clone(), schema(n))).collect();
            let required: Vec<&String> = props.iter().filter(|(_, _, r)| *r).map(|(k, _, _)| k).collect();
            json!({"type": "object", "properties": properties, "required": required})
        }
    }
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "-?[a-z=]{0,6}",
        Just("null".to_owned()),
        Just(String::new())
    ]
}

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        (-9_007_199_254_740_991_i64..=9_007_199_254_740_991).prop_map(|i| json!(i)),
    ]
}

fn value(node: &Node) -> BoxedStrategy<Value> {
    match node {
        Node::Leaf(leaf) => match leaf {
            Leaf::Str => text().prop_map(Value::String).boxed(),
            Leaf::Num => number().boxed(),
            Leaf::Int => (-9_007_199_254_740_991_i64..=9_007_199_254_740_991)
                .prop_map(|i| json!(i))
                .boxed(),
            Leaf::Bool => any::<bool>().prop_map(Value::Bool).boxed(),
            Leaf::Choice => prop::sample::select(vec!["a", "b", "-c"])
                .prop_map(|s| json!(s))
                .boxed(),
            Leaf::NullableStr => prop::option::of(text())
                .prop_map(|o| o.map_or(Value::Null, Value::String))
                .boxed(),
            Leaf::Strings => prop::collection::vec(text(), 0..4).prop_map(|v| json!(v)).boxed(),
            Leaf::Ints => prop::collection::vec(-1000_i64..1000, 0..4)
                .prop_map(|v| json!(v))
                .boxed(),
            Leaf::Record => prop::collection::btree_map(text(), -5_i64..5, 0..3)
                .prop_map(|m| json!(m))
                .boxed(),
            Leaf::StrOrNum => prop_oneof![text().prop_map(Value::String), number()].boxed(),
            Leaf::Objects => prop::collection::vec(text().prop_map(|k| json!({ "k": k })), 0..4)
                .prop_map(Value::Array)
                .boxed(),
            Leaf::NullableStrings => prop::option::of(prop::collection::vec(text(), 0..4))
                .prop_map(|o| o.map_or(Value::Null, |v| json!(v)))
                .boxed(),
            Leaf::Bools => prop::collection::vec(any::<bool>(), 0..4)
                .prop_map(|v| json!(v))
                .boxed(),
            Leaf::RecordOfObjects => prop::collection::btree_map(text(), text().prop_map(|k| json!({ "k": k })), 0..3)
                .prop_map(|m| json!(m))
                .boxed(),
            Leaf::StrsOrNums => prop::collection::vec(prop_oneof![text().prop_map(Value::String), number()], 0..4)
                .prop_map(Value::Array)
                .boxed(),
            Leaf::Tuple => (
                text(),
                number(),
                prop::sample::select(vec!["a", "b", "-c"]),
                prop::option::of(any::<bool>()),
            )
                .prop_map(|(s, n, c, b)| json!([s, n, c, b]))
                .boxed(),
            Leaf::Lookalikes => prop::sample::select(LOOKALIKES)
                .prop_map(|t| serde_json::from_str::<Value>(t).unwrap())
                .boxed(),
            Leaf::Described => prop::sample::select(vec![json!("fast"), json!("-c"), json!(2)]).boxed(),
            Leaf::DescribedList => {
                prop::collection::vec(prop::sample::select(vec![json!("fast"), json!("-c"), json!(2)]), 0..4)
                    .prop_map(Value::Array)
                    .boxed()
            }
        },
        Node::Object(props) => {
            let parts: Vec<BoxedStrategy<Option<(String, Value)>>> = props
                .iter()
                .map(|(k, n, required)| {
                    let key = k.clone();
                    let item = value(n).prop_map(move |v| Some((key.clone(), v)));
                    if *required {
                        item.boxed()
                    } else {
                        prop_oneof![Just(None), item].boxed()
                    }
                })
                .collect();
            parts
                .prop_map(|entries| Value::Object(entries.into_iter().flatten().collect()))
                .boxed()
        }
    }
}

/// JSON equality where numbers compare by value (`1` equals `1.0`).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

fn case() -> impl Strategy<Value = (Value, Value)> {
    root().prop_flat_map(|node| {
        let schema = schema(&node);
        value(&node).prop_map(move |v| (schema.clone(), v))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn to_argv_then_parse_gives_the_arguments_back((schema, args) in case()) {
        let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        // Generated keys may collide (`x_y` is fine, but two keys can kebab
        // alike): no command line then.
        if tool.command().refusal().is_some_and(|e| e.code == Code::FlagCollision) {
            return Ok(());
        }
        match tool.to_argv(&args) {
            Ok(argv) => {
                let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
                let parsed = tool.parse_argv(&refs, &no_env).map_err(|e| TestCaseError::fail(format!("{e}\nargv: {argv:?}")))?;
                prop_assert!(same(&parsed.data, &args),
                    "args {args}\nargv {argv:?}\nparsed {}", parsed.data);
                prop_assert!(parsed.rest.is_empty());
            }
            Err(e) => prop_assert_eq!(e.code, Code::Unrepresentable, "{}", e),
        }
    }

    #[test]
    fn arbitrary_argv_never_panics(argv in prop::collection::vec(prop_oneof![any::<String>(), "--?[a-z-]{0,12}(=[a-z0-9-]{0,4})?"], 0..12)) {
        let schema = json!({"type": "object", "properties": {
            "alpha": {"type": "string"}, "n": {"type": "number", "cli": {"short": "n"}},
            "flag": {"type": "boolean", "cli": {"short": "f"}}, "tags": {"type": "array", "items": {"type": "string"}},
            "cfg": {"type": "object", "properties": {"deep": {"type": "integer"}}, "required": ["deep"]}
        }});
        let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
        let refs: Vec<&str> = argv.iter().map(String::as_str).collect();
        match tool.parse_argv(&refs, &no_env) {
            Err(e) if e.code == Code::HelpRequested => prop_assert!(e.message.starts_with("Usage:")),
            Err(e) => {
                prop_assert_eq!(e.code, Code::InvalidArgs);
                prop_assert!(!e.issues.is_empty());
            }
            Ok(_) => {}
        }
    }
}

/// Issue 9, finding 4: a parent default that does not fit its own schema was
/// filled in by parseArgv, and toArgv then refused what parseArgv produced.
#[test]
fn a_parent_default_that_does_not_fit_is_not_filled_in() {
    let schema = json!({"type": "object", "properties": {"p": {
        "type": "object",
        "properties": {"a": {"enum": ["v"]}, "b": {"type": "string"}},
        "default": {"a": 1, "b": "x"}
    }}});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let parsed = tool.parse_argv(&["--p-b", "y"], &no_env).unwrap();
    assert_eq!(parsed.data, json!({"p": {"b": "y"}}));
    let argv = tool.to_argv(&parsed.data).unwrap();
    assert_eq!(
        tool.parse_argv(&argv.iter().map(String::as_str).collect::<Vec<_>>(), &no_env)
            .unwrap()
            .data,
        parsed.data
    );
    // A default that fits is still filled in.
    let parsed = tool.parse_argv(&["--p-a", "v"], &no_env).unwrap();
    assert_eq!(parsed.data, json!({"p": {"a": "v", "b": "x"}}));
}

/// Issue 9, finding 5: `toArgv({})` for a required switch gave `[]`, which
/// parses back as `{ v: false }`.
#[test]
fn an_absent_required_switch_is_unrepresentable() {
    let schema = json!({"type": "object", "properties": {"v": {"type": "boolean"}}, "required": ["v"]});
    let tool = Tool::compile(&schema, &CompileOptions::default()).unwrap();
    let err = tool.to_argv(&json!({})).unwrap_err();
    assert_eq!(err.code, Code::Unrepresentable);
    assert!(err.message.contains("required switch"), "{}", err.message);
    assert_eq!(tool.to_argv(&json!({"v": false})).unwrap(), vec!["--no-v".to_owned()]);
}
