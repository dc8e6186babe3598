"use strict";
// The Node entry's wasm bytes, read from beside this file: what Node loads
// through the package's import "#toolshape-wasm" (package.json "imports").
module.exports = require("fs").readFileSync(require("path").join(__dirname, "toolshape_bg.wasm"));
