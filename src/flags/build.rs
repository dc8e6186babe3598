//! Shape to flag table: objects flatten into groups of flags down to
//! `maxDepth`; whatever a flag cannot express becomes one JSON-valued flag.

use crate::sets::NameSet;

use serde_json::Value;

use super::collide::index_names;
use super::flag::{Alias, Flag, FlagType};
use super::flag_options::FlagOptions;
use super::kinds::{literal_choice, scalar_type};
use super::list::{list_of, one_or_many, scalar_items, tuple_words};
use super::names::{env_name, name_problem, segment, written_segment};
use super::overrides::{short_char, FlagOverride};
use super::record::takes_entries;
use super::refusals::{ambiguous_override, bad_alias, bad_name, not_countable, unknown_override};
use super::root_meta::{check_root_keys, root_epilogue, root_examples};
use super::scalar_union::{parts_of, scalar_parts, takes_numbers, takes_true_and_false, Part};
use super::table::{FlagTable, Group, Member};
use crate::error::{Code, Error, Result};
use crate::schema::{ArrayShape, Deprecation, Kind, ObjectShape, Prop, Schema, Shape};

pub fn build_table(schema: &Schema, options: &FlagOptions) -> Result<FlagTable> {
    let Some(root) = schema.root.as_object() else {
        return Err(Error::new(
            Code::InvalidRoot,
            "the root schema must be an object schema",
        ));
    };
    check_root_keys(&schema.root)?;
    let mut builder = Builder {
        schema,
        options,
        table: FlagTable::default(),
        used_overrides: NameSet::new(),
    };
    builder.table.groups.push(Group {
        path: Vec::new(),
        parent: None,
        description: schema.root.description.clone(),
        title: schema.root.title.as_deref().cloned(),
        must_supply: true,
        nullable: false,
        null_if_absent: false,
        default: None,
        prefix: String::new(),
        name_len: 0,
        members: Vec::new(),
        examples: root_examples(&schema.root)?,
        epilogue: root_epilogue(&schema.root)?,
    });
    let at = Place {
        group: 0,
        prefix: "",
        written: "",
        path: &[],
        required: true,
        inherited: None,
        deprecated: false,
    };
    builder.walk(root, &at)?;
    builder.check_overrides_used()?;
    let mut table = builder.table;
    table.builtins = options.builtins;
    one_letter_shorts(&mut table);
    // Most tools have no positional: their first parse need not compile the check.
    if table.flags.iter().any(|flag| flag.positional.is_some()) {
        table.positionals = super::positionals::order(&mut table.flags)?;
    }
    index_names(&mut table)?;
    Ok(table)
}

/// A flag named by one ASCII letter (the key `n`) answers `-n` as well as
/// `--n`: yargs and minimist read a one-letter key so, and a person types
/// it so. A letter an explicit short alias or help's `-h` holds stays
/// theirs; a digit never becomes one, since `-1` reads as a number.
fn one_letter_shorts(table: &mut FlagTable) {
    let taken: Vec<char> = table
        .flags
        .iter()
        .filter_map(|flag| flag.short.as_deref()?.chars().next())
        .chain(table.builtins.help_short)
        .collect();
    for flag in &mut table.flags {
        let mut chars = flag.name.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            continue;
        };
        if flag.short.is_none() && letter.is_ascii_alphabetic() && !taken.contains(&letter) {
            flag.short = Some(flag.name.clone());
        }
    }
}

struct Builder<'a> {
    schema: &'a Schema,
    options: &'a FlagOptions,
    table: FlagTable,
    used_overrides: NameSet<String>,
}

/// Where in the tree a walk is.
struct Place<'p> {
    group: usize,
    /// The enclosing group's flag name and separator (`config-`), empty at
    /// the root: a flag's name is this and its own segment.
    prefix: &'p str,
    /// The same with each key as written (`_` kept): the alias a flag keeps.
    written: &'p str,
    path: &'p [String],
    /// Every enclosing object must be supplied.
    required: bool,
    /// The closest enclosing default object, for inherited defaults.
    inherited: Option<&'p Value>,
    /// An enclosing object is marked `deprecated`, and so each of its flags.
    deprecated: bool,
}

/// What kind of flag a leaf shape makes.
struct Leaf {
    ty: FlagType,
    repeatable: bool,
    shape: Shape,
    choices: Option<Vec<Value>>,
    nullable: bool,
    scalar_parts: Option<Vec<Part>>,
}

impl Builder<'_> {
    fn walk(&mut self, object: &ObjectShape, at: &Place<'_>) -> Result<()> {
        for prop in &object.props {
            if prop.shape.kind == Kind::Never {
                continue;
            }
            let own = segment(&prop.key, self.options.case);
            let mut name = String::with_capacity(at.prefix.len() + own.len());
            name.push_str(at.prefix);
            name.push_str(&own);
            let written = format!("{}{}", at.written, written_segment(&prop.key, self.options.case));
            let mut path = Vec::with_capacity(at.path.len() + 1);
            path.extend_from_slice(at.path);
            path.push(prop.key.clone());
            let inherited = at.inherited.and_then(|d| d.get(&prop.key));
            let required = at.required && prop.must_supply();
            let deprecated = at.deprecated || self.schema.is_deprecated(&prop.shape);
            if let Some(child) = self.flattenable(prop, path.len()) {
                let group = self.table.groups.len();
                let mut prefix = String::with_capacity(name.len() + self.options.separator.len());
                prefix.push_str(&name);
                prefix.push_str(&self.options.separator);
                let written_prefix = format!("{written}{}", self.options.separator);
                // Required and nullable: null when none of its flags is given.
                let null_if_absent = prop.shape.nullable && prop.must_supply();
                self.table.groups.push(Group {
                    path: path.clone(),
                    parent: Some(at.group),
                    description: prop.shape.description.clone(),
                    title: prop.shape.title.as_deref().cloned(),
                    must_supply: prop.must_supply() && !null_if_absent,
                    nullable: prop.shape.nullable,
                    null_if_absent,
                    default: prop.shape.default.as_deref().cloned(),
                    prefix: prefix.clone(),
                    name_len: name.len(),
                    members: Vec::new(),
                    examples: Vec::new(),
                    epilogue: None,
                });
                self.add_member(at.group, Member::Group(group));
                let inner = Place {
                    group,
                    prefix: &prefix,
                    written: &written_prefix,
                    path: &path,
                    required: required && !null_if_absent,
                    inherited: prop.shape.default.as_deref().or(inherited),
                    deprecated,
                };
                self.walk(child, &inner)?;
            } else {
                let leaf = self.classify(&prop.shape);
                self.add_member(at.group, Member::Flag(self.table.flags.len()));
                self.add_flag(
                    leaf,
                    &prop.shape,
                    (name, written),
                    path,
                    at.group,
                    required,
                    inherited,
                    prop.must_supply(),
                    deprecated,
                )?;
            }
        }
        Ok(())
    }

    /// The object a property flattens into, if it does. A nullable one
    /// does where no one has to type its `null`: none of its flags given is
    /// the key left out when it is optional (pydantic's `Optional[Model] =
    /// None`, Zod's `.nullish()`), and `null` when it is required (Zod's
    /// `.nullable()`), as for any required key that takes null. With an
    /// object for its default, `null` is a value of its own: it stays a
    /// JSON flag, which takes it.
    fn flattenable<'s>(&self, prop: &'s Prop, depth: usize) -> Option<&'s ObjectShape> {
        let shape = &prop.shape;
        let object = shape.as_object()?;
        let open_or_closed = object.additional.as_ref().is_none_or(|a| a.kind == Kind::Never);
        let null_untyped = !shape.nullable || shape.default.as_deref().is_none_or(Value::is_null);
        let flattens = self.options.flatten
            && depth <= self.options.max_depth
            && null_untyped
            && open_or_closed
            && object.pattern_props.is_empty()
            && object.property_names.is_none();
        flattens.then_some(object)
    }

    fn classify(&self, shape: &Shape) -> Leaf {
        let resolved = self.schema.resolve(shape);
        let nullable = shape.nullable || resolved.nullable;
        let choice = |ty, choices| Leaf {
            ty,
            repeatable: false,
            shape: resolved.clone(),
            choices,
            nullable,
            scalar_parts: None,
        };
        if let Some((ty, choices)) = scalar_type(resolved) {
            return choice(ty, choices);
        }
        if let Kind::Array(array) = &resolved.kind {
            if let Some(leaf) = self.repeatable(array, nullable) {
                return leaf;
            }
        }
        // As written: a `$ref` stays one (every reader of a JSON flag's
        // shape resolves it), where the definition it names may be a whole
        // recursive tree to copy.
        let mut json_shape = shape.clone();
        json_shape.nullable = nullable;
        let parts = scalar_parts(self.schema, &json_shape, nullable);
        if let Some((ty, choices)) = parts.as_deref().and_then(literal_choice) {
            return choice(ty, choices);
        }
        Leaf {
            ty: FlagType::Json,
            repeatable: false,
            scalar_parts: parts,
            shape: json_shape,
            choices: None,
            nullable,
        }
    }

    /// An array of scalars as a repeatable flag. Its own function: V8
    /// compiles a whole function on its first call, and many tools have no
    /// array.
    #[inline(never)]
    fn repeatable(&self, array: &ArrayShape, nullable: bool) -> Option<Leaf> {
        let item = array.items.as_ref().filter(|_| array.prefix.is_empty() && !nullable)?;
        let resolved = self.schema.resolve(item);
        let (ty, choices) = scalar_type(resolved)
            .or_else(|| {
                let parts = scalar_parts(self.schema, item, item.nullable || resolved.nullable)?;
                literal_choice(&parts)
            })
            .filter(|(t, _)| *t != FlagType::Boolean)?;
        (!resolved.nullable).then(|| Leaf {
            ty,
            repeatable: true,
            shape: resolved.clone(),
            choices,
            nullable: false,
            scalar_parts: None,
        })
    }

    #[allow(clippy::too_many_arguments)] // one call site; a struct would only rename these
    fn add_flag(
        &mut self,
        leaf: Leaf,
        shape: &Shape,
        (generated, written): (String, String),
        path: Vec<String>,
        group: usize,
        required: bool,
        inherited: Option<&Value>,
        own_must_supply: bool,
        deprecated: bool,
    ) -> Result<()> {
        let mut over = self.override_for(&generated, shape, &path)?;
        // The generated name is kept apart only when an override renamed
        // the flag: an error about the name must say which key to override.
        let (name, generated) = match over.name.take() {
            Some(name) => (name, Some(generated)),
            None => (generated, None),
        };
        if let Some(problem) = name_problem(&name) {
            return Err(bad_name(&name, generated.as_deref(), problem, path));
        }
        let short = over.short.as_deref().map(|s| short_char(s, &name)).transpose()?;
        let env = over
            .env
            .take()
            .or_else(|| self.options.env_prefix.as_deref().map(|p| env_name(p, &name)));
        let mut aliases = over.aliases.take().unwrap_or_default();
        // The key's own spelling, where kebab case changed its `_`, still
        // parses (names handed out before stay valid), unless renamed.
        if generated.is_none() && written != name && !aliases.iter().any(|a| a.name == written) {
            aliases.push(Alias {
                name: written,
                deprecated: Deprecation::Current,
                spelled: true,
            });
        }
        if let Some((alias, problem)) = aliases.iter().find_map(|a| name_problem(&a.name).map(|p| (&a.name, p))) {
            return Err(bad_alias(&name, alias, problem, path));
        }
        let count = over.count.unwrap_or(false);
        if count && (leaf.repeatable || !matches!(leaf.ty, FlagType::Integer | FlagType::Number)) {
            return Err(not_countable(&name, leaf.repeatable, leaf.ty, path));
        }
        let boolean = leaf.ty == FlagType::Boolean;
        let negatable = boolean || leaf.scalar_parts.as_deref().is_some_and(takes_true_and_false);
        let list = leaf.ty == FlagType::Json && list_of(self.schema, &leaf.shape).is_some();
        let many = (leaf.ty == FlagType::Json && !list)
            .then(|| one_or_many(self.schema, &leaf.shape))
            .flatten();
        let gathers = many.is_some();
        let item_parts = match many {
            _ if list => scalar_items(self.schema, &leaf.shape),
            Some(many) => many.items.as_ref().and_then(|item| parts_of(self.schema, item, false)),
            None => None,
        };
        // A positional tuple stays one word of JSON text: the words after
        // it are the next positional keys'.
        let tuple_parts = (leaf.ty == FlagType::Json && !list && !gathers && over.positional.is_none())
            .then(|| tuple_words(self.schema, &leaf.shape))
            .flatten();
        let numeric = matches!(leaf.ty, FlagType::Number | FlagType::Integer)
            || leaf.scalar_parts.as_deref().is_some_and(takes_numbers)
            || item_parts.as_deref().is_some_and(takes_numbers)
            || tuple_parts.iter().flatten().any(|parts| takes_numbers(parts));
        let switch = boolean && own_must_supply;
        // A required key that takes null, with no default, is null when its
        // flag is not given, as argparse and click give None: a schema
        // written for OpenAI's strict mode (every key required, `.nullable()`
        // where a key may be left out) would otherwise need `--key null`
        // typed for every key a person leaves out.
        let null_if_absent = leaf.nullable && own_must_supply && !switch;
        // A parent's default that does not fit this key's own schema is not
        // filled in: parsing would produce arguments toArgv must refuse.
        let inherited = inherited.filter(|value| crate::schema::fits(self.schema, shape, value));
        let (default, inherited_default) = match (shape.default.as_deref(), inherited) {
            (Some(own), _) => (Some(own.clone()), false),
            (None, Some(from_parent)) => (Some(from_parent.clone()), true),
            (None, None) => (None, false),
        };
        self.table.flags.push(Flag {
            name,
            path,
            ty: leaf.ty,
            required: required && !switch && !null_if_absent,
            default,
            description: over.description.or_else(|| shape.description.clone()),
            short: short.map(String::from),
            choices: leaf.choices,
            repeatable: leaf.repeatable,
            negatable,
            json: leaf.ty == FlagType::Json,
            env,
            nullable: leaf.nullable,
            hidden: over.hidden.unwrap_or(false),
            deprecated: over.deprecated.unwrap_or(Deprecation::from_flag(deprecated)),
            positional: over.positional,
            count,
            aliases,
            scalar_parts: leaf.scalar_parts,
            record: leaf.ty == FlagType::Json && takes_entries(self.schema, &leaf.shape),
            list,
            gathers,
            item_parts,
            tuple_parts: tuple_parts.map(Vec::into_boxed_slice),
            shape: leaf.shape,
            group,
            inherited_default,
            switch,
            null_if_absent,
            numeric,
            must_supply: own_must_supply && !switch && !null_if_absent,
        });
        Ok(())
    }

    fn add_member(&mut self, group: usize, member: Member) {
        if let Some(g) = self.table.groups.get_mut(group) {
            g.members.push(member);
        }
    }

    fn override_for(&mut self, generated: &str, shape: &Shape, path: &[String]) -> Result<FlagOverride> {
        let meta = match &shape.cli {
            Some(meta) => FlagOverride::from_meta(meta, path)?,
            None => FlagOverride::default(),
        };
        let explicit = self.options.overrides.get(generated).cloned();
        if explicit.is_some() && !self.used_overrides.insert(generated.to_owned()) {
            return Err(ambiguous_override(generated, path));
        }
        Ok(explicit.unwrap_or_default().over(meta))
    }

    fn check_overrides_used(&self) -> Result<()> {
        let unused = self
            .options
            .overrides
            .keys()
            .find(|k| !self.used_overrides.contains(k.as_str()));
        match unused {
            None => Ok(()),
            Some(name) => Err(unknown_override(name, &self.table)),
        }
    }
}
