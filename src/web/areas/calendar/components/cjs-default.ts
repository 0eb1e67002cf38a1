/**
 * react-big-calendar's lib/ modules are Babel's CommonJS (`exports.default` with `__esModule`). Our package is an
 * ES module, so the production build hands a default import the whole `exports` object (Node's interop), while the
 * dev server hands the function itself: this takes the function either way.
 */
export function cjsDefault<T>(imported: T): T {
  return typeof imported === 'function' ? imported : (imported as unknown as { default: T }).default;
}
