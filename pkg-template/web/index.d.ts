// Browser entry: the same API as Node; await init() once before compile().
export * from "../index.mjs";
