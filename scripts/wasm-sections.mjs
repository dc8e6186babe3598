// Reads a wasm module's sections: the build marks a feature in its
// `target_features` section (build.mjs, singleResults) and a test reads its
// exports' result counts (js-tests/load.test.mjs). Only what those two need.

/** A cursor over the module's bytes. */
export class WasmReader {
  constructor(bytes, at = 8) {
    this.bytes = bytes;
    this.at = at;
  }

  byte() {
    return this.bytes[this.at++];
  }

  /** An unsigned LEB128 number. */
  leb() {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = this.byte();
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  }

  /** A length-prefixed name, as text. */
  name() {
    const length = this.leb();
    const text = Buffer.from(this.bytes.subarray(this.at, this.at + length)).toString("utf8");
    this.at += length;
    return text;
  }
}

/**
 * Each section in order: `{ id, name, reader, end }`, the reader placed at
 * its contents (after the name, for a custom section, id 0).
 */
export function* sections(bytes) {
  const reader = new WasmReader(bytes);
  while (reader.at < bytes.length) {
    const id = reader.byte();
    const size = reader.leb();
    const end = reader.at + size;
    const name = id === 0 ? reader.name() : undefined;
    yield { id, name, reader, end };
    reader.at = end;
  }
}
