import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor, medianIndex, performanceAllowance, PRESET_CPU_SLOWDOWN, SLOW_HOST_ALLOWANCE } from './lighthouse-calibration';

describe('cpuSlowdownFor', () => {
  it('keeps the preset on a host as fast as the high-end desktop it is meant for, or faster', () => {
    expect(cpuSlowdownFor(1533)).toBe(PRESET_CPU_SLOWDOWN);
    expect(cpuSlowdownFor(2400)).toBe(PRESET_CPU_SLOWDOWN);
  });

  it("follows Lighthouse's calculator on a slower host", () => {
    // The calculator's anchors: 1300 is 3x, 800 is 2x, 150 is 1x.
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1050)).toBe(2.5);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(1416.5)).toBe(3.5);
  });

  it('never speeds the page up', () => {
    expect(cpuSlowdownFor(40)).toBe(1);
  });

  it('keeps the preset when the host could not be measured', () => {
    expect(cpuSlowdownFor(Number.NaN)).toBe(PRESET_CPU_SLOWDOWN);
  });
});

describe('medianIndex', () => {
  it('takes the middle sample, so one slow or fast moment does not set the slowdown', () => {
    expect(medianIndex([1009, 1572, 1120, 1085, 1161])).toBe(1120);
    expect(medianIndex([1000, 1200])).toBe(1100);
    expect(medianIndex([])).toBeNaN();
  });
});

describe('performanceAllowance', () => {
  it('lowers the floors only on a host the calibration slowed less than the preset', () => {
    expect(performanceAllowance(cpuSlowdownFor(1209), true)).toBe(SLOW_HOST_ALLOWANCE);
    expect(performanceAllowance(cpuSlowdownFor(1533), true)).toBe(0);
    expect(performanceAllowance(cpuSlowdownFor(Number.NaN), true)).toBe(0);
  });

  it('keeps the floors when the slowdown was set by hand', () => {
    expect(performanceAllowance(2, false)).toBe(0);
  });
});
