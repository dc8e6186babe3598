// A wasm handle that follows the core across restarts: built again on the
// new instance the first time it is used after a trap, refused once freed.
// Tool and Commands each hold one.

import { fail } from "./errors.mjs";

export class LiveHandle {
  #core;
  #build;
  #freedMessage;
  #handle;
  #generation;
  #freed = false;

  /**
   * @param {object} core the instance holder (core.mjs)
   * @param {() => object} build makes the handle on the current instance
   * @param {string} freedMessage the FREED error's message
   */
  constructor(core, build, freedMessage) {
    this.#core = core;
    this.#build = build;
    this.#freedMessage = freedMessage;
    this.#attach();
  }

  #attach() {
    this.#handle = this.#build();
    this.#generation = this.#core.generation;
  }

  /** The handle on the current instance. */
  get() {
    if (this.#freed) throw fail("FREED", this.#freedMessage);
    if (this.#core.broken) throw fail("NOT_INITIALIZED", "toolshape's core stopped after an error; call and await init() again");
    if (this.#generation !== this.#core.generation) this.#attach();
    return this.#handle;
  }

  /** Releases the wasm memory now; a handle of an old instance is left to its finalizer. */
  free() {
    if (this.#freed) return;
    this.#freed = true;
    if (this.#generation === this.#core.generation && !this.#core.broken) this.#core.guard(() => this.#handle.free());
    this.#handle = undefined;
  }
}
