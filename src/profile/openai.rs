//! `openai`: OpenAI function tools without `strict`. The API takes any
//! metaschema-valid schema but fails a request whose arrays lack `items`
//! (CLIENTS.md ON2), so every array gets one; `{}` means what a missing one
//! meant, so nothing is reported. Arguments come back unchanged.

use crate::json::Json;

use super::rules::items_everywhere;
use super::walk::each_schema;
use super::Report;

pub fn shape(schema: &mut Json<'_>, _report: &mut Report) {
    each_schema(schema, &mut |node, _| items_everywhere(node));
}
