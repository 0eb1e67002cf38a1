import { describe, expect, it } from 'vitest';
import { isMissingBuildFile } from './stale-build';

describe('isMissingBuildFile', () => {
  it("is a build file that did not load, in each browser's words", () => {
    expect(isMissingBuildFile(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a-1.js'))).toBe(true);
    expect(isMissingBuildFile(new TypeError('error loading dynamically imported module: https://x/assets/a-1.js'))).toBe(true);
    expect(isMissingBuildFile(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isMissingBuildFile(new Error('Unable to preload CSS for /assets/a-1.css'))).toBe(true);
  });

  it('is not an error of the code run after the import', () => {
    expect(isMissingBuildFile(new Error('Ingen bruger på enheden'))).toBe(false);
    expect(isMissingBuildFile(new DOMException('The operation was aborted.', 'AbortError'))).toBe(false);
    expect(isMissingBuildFile(undefined)).toBe(false);
  });
});
