//! What a client profile reports: each change that loses meaning (a
//! warning) and each thing it cannot write (an error), with stable codes.

use serde::Serialize;

/// One thing a client profile changed (a warning) or cannot do (an
/// error), at a JSON pointer into the schema it wrote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub code: FindingCode,
    pub pointer: String,
    /// Most messages are fixed text: borrowed, not copied per finding.
    pub message: std::borrow::Cow<'static, str>,
}

/// Stable codes of [`Finding`]s: the README lists each with its meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FindingCode {
    /// A root union became one object; keys some branches required are optional.
    UnionFlattened,
    /// A nested union became one schema accepting what any branch accepted.
    UnionMerged,
    /// An optional field became required and nullable (`null` means absent).
    OptionalToNullable,
    /// An object that accepted unknown keys is closed.
    ObjectClosed,
    /// `oneOf` written as `anyOf`: exclusivity is no longer checked by the client.
    OneofToAnyof,
    /// A keyword the client refuses was removed.
    KeywordDropped,
    /// A keyword is kept but the client does not enforce it.
    IgnoredByClient,
    /// `null` is no longer offered where the schema accepted it.
    NullDropped,
    /// Enum values written as strings; repair turns them back.
    EnumStringified,
    /// A record's value schema was removed (keys stay open, values unchecked).
    RecordValueSchemaDropped,
    /// A bound was written looser than the schema's.
    ConstraintLoosened,
    /// A tuple became an array of any of its positions' schemas.
    TupleLoosened,
    /// A schema for any value was written as any scalar (the client needs
    /// a type at every node and takes no open object).
    AnyNarrowed,
    /// A keyword the client refuses was moved into the description, where
    /// the model still reads it.
    MovedToDescription,
    /// A recursive schema the client cannot take.
    RecursiveSchema,
    /// A recursive schema written out a few levels deep for a client that
    /// resolves no `$ref`; deeper levels take any value.
    RecursionExpanded,
    /// A property key the client refuses.
    PropertyKeyRefused,
    /// A record (`additionalProperties` schema, `patternProperties`,
    /// `propertyNames`) the client cannot take.
    RecordRefused,
    /// An enum whose values no one type holds.
    MixedEnum,
    /// An `allOf` whose members cannot be merged exactly.
    AllofConflict,
    /// A size limit of the client is exceeded.
    LimitExceeded,
    /// The schema's root is not an object.
    RootNotObject,
    /// The schema makes no command line (two keys give one flag name, a
    /// union no word picks a branch of): every client still takes it, and
    /// every command-line call throws the reason.
    NoCommandLine,
}

impl FindingCode {
    pub const WARNINGS: &'static [FindingCode] = &[
        FindingCode::UnionFlattened,
        FindingCode::UnionMerged,
        FindingCode::OptionalToNullable,
        FindingCode::ObjectClosed,
        FindingCode::OneofToAnyof,
        FindingCode::KeywordDropped,
        FindingCode::IgnoredByClient,
        FindingCode::NullDropped,
        FindingCode::EnumStringified,
        FindingCode::RecordValueSchemaDropped,
        FindingCode::ConstraintLoosened,
        FindingCode::TupleLoosened,
        FindingCode::AnyNarrowed,
        FindingCode::MovedToDescription,
        FindingCode::RecursionExpanded,
        FindingCode::NoCommandLine,
    ];

    pub const ERRORS: &'static [FindingCode] = &[
        FindingCode::RecursiveSchema,
        FindingCode::PropertyKeyRefused,
        FindingCode::RecordRefused,
        FindingCode::MixedEnum,
        FindingCode::AllofConflict,
        FindingCode::LimitExceeded,
        FindingCode::RootNotObject,
    ];

    #[must_use]
    pub fn is_error(self) -> bool {
        FindingCode::ERRORS.contains(&self)
    }

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            FindingCode::UnionFlattened => "UNION_FLATTENED",
            FindingCode::UnionMerged => "UNION_MERGED",
            FindingCode::OptionalToNullable => "OPTIONAL_TO_NULLABLE",
            FindingCode::ObjectClosed => "OBJECT_CLOSED",
            FindingCode::OneofToAnyof => "ONEOF_TO_ANYOF",
            FindingCode::KeywordDropped => "KEYWORD_DROPPED",
            FindingCode::IgnoredByClient => "IGNORED_BY_CLIENT",
            FindingCode::NullDropped => "NULL_DROPPED",
            FindingCode::EnumStringified => "ENUM_STRINGIFIED",
            FindingCode::RecordValueSchemaDropped => "RECORD_VALUE_SCHEMA_DROPPED",
            FindingCode::ConstraintLoosened => "CONSTRAINT_LOOSENED",
            FindingCode::TupleLoosened => "TUPLE_LOOSENED",
            FindingCode::AnyNarrowed => "ANY_NARROWED",
            FindingCode::MovedToDescription => "MOVED_TO_DESCRIPTION",
            FindingCode::RecursiveSchema => "RECURSIVE_SCHEMA",
            FindingCode::RecursionExpanded => "RECURSION_EXPANDED",
            FindingCode::PropertyKeyRefused => "PROPERTY_KEY_REFUSED",
            FindingCode::RecordRefused => "RECORD_REFUSED",
            FindingCode::MixedEnum => "MIXED_ENUM",
            FindingCode::AllofConflict => "ALLOF_CONFLICT",
            FindingCode::LimitExceeded => "LIMIT_EXCEEDED",
            FindingCode::RootNotObject => "ROOT_NOT_OBJECT",
            FindingCode::NoCommandLine => "NO_COMMAND_LINE",
        }
    }
}
