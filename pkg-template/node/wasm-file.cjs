"use strict";
// The Node entry's wasm bytes: what Node loads through the package's import
// "#toolshape-wasm" (package.json "imports"). The web entry's module, which
// is the same bytes: the package ships it once.
module.exports = require("fs").readFileSync(require("path").join(__dirname, "..", "web", "toolshape_bg.wasm"));
