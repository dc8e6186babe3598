// Small checks on plain objects, shared by the JS layer: own keys only (a
// key named `__proto__` or `hasOwnProperty` in user data changes nothing),
// and deep freezing of the JSON values definitions hand out.

export const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

/** A non-null object that is not an array. */
export function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Freezes a JSON value and everything in it; returns it. */
export function freezeDeep(value) {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) freezeDeep(value[key]);
  }
  return value;
}
