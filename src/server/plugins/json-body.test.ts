import { describe, expect, it } from 'vitest';
import { findJsonShapeProblem } from './json-body';

describe('findJsonShapeProblem', () => {
  it('counts the levels of arrays and objects, the body itself included', () => {
    expect(findJsonShapeProblem('['.repeat(32) + ']'.repeat(32))).toBeNull();
    expect(findJsonShapeProblem('['.repeat(33) + ']'.repeat(33))).toBe('tooDeep');
    expect(findJsonShapeProblem('{"a":'.repeat(33) + '1' + '}'.repeat(33))).toBe('tooDeep');
    // Levels closed again do not add up.
    expect(findJsonShapeProblem(`[${'[[[]]],'.repeat(1000)}[]]`)).toBeNull();
  });

  it('takes brackets and commas inside strings as text, escaped quotes and backslashes included', () => {
    expect(findJsonShapeProblem(JSON.stringify({ a: '['.repeat(100), b: '\\', c: '"{{{{"', d: ','.repeat(30_000) }))).toBeNull();
    expect(findJsonShapeProblem(JSON.stringify(['\\"' + '['.repeat(40)]))).toBeNull();
    expect(findJsonShapeProblem(`["\\\\"${'['.repeat(40)}`)).toBe('tooDeep');
  });

  it('counts values as commas and opening brackets', () => {
    expect(findJsonShapeProblem(`[${Array(20_000).fill(0).join(',')}]`)).toBeNull();
    expect(findJsonShapeProblem(`[${Array(20_001).fill(0).join(',')}]`)).toBe('tooMany');
    expect(findJsonShapeProblem(`[${Array(10_001).fill('[]').join(',')}]`)).toBe('tooMany');
    expect(findJsonShapeProblem('[1,2,3]', 32, 2)).toBe('tooMany');
  });

  it('leaves text that is no JSON to the parser', () => {
    expect(findJsonShapeProblem('')).toBeNull();
    expect(findJsonShapeProblem(']]]]')).toBeNull();
    expect(findJsonShapeProblem('"unterminated [[[')).toBeNull();
  });
});
