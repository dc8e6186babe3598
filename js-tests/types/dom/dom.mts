// The web entry's declarations under a browser project's lib (ES2022 and
// DOM): init takes every input wasm-bindgen's own init takes.
import { init, compile } from "toolshape";

const url = new URL("./toolshape_bg.wasm", import.meta.url);
await init();
await init(url);
await init(url.href);
await init(new Request(url));
await init(await fetch(url));
await init(fetch(url));
await init(new Uint8Array(0));
await init(new ArrayBuffer(0));
await init(await WebAssembly.compileStreaming(fetch(url)));
await init({ module_or_path: url });
await init({ module_or_path: fetch(url) });
// TypeScript's WebAssembly.Module is an empty interface, so any object
// (and even a number) fits it: the type cannot refuse more than that.
compile({ type: "object", properties: {} }).free();
