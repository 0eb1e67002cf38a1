/**
 * Whether a `vite:preloadError` is a file of the build that could not be loaded (after a new version was put out,
 * the old build's files are gone), which a reload mends. Vite reports through the same event any error of a promise
 * chained straight onto a dynamic import, e.g. a device that is not ready: reloading for that would only repeat it.
 * The texts are Chromium's, Firefox's and Safari's for a module that failed to load, and Vite's for a stylesheet.
 */
export function isMissingBuildFile(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|module script failed|Unable to preload CSS|error loading dynamically imported/i.test(message);
}
