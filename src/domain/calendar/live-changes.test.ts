import { describe, expect, it } from 'vitest';
import { changeConcernsDays, readLiveChanges } from './live-changes';

describe('readLiveChanges', () => {
  it('keeps a day changed and a plan changed (date null) side by side', () => {
    expect(readLiveChanges('[{"departmentId":"a","date":"2026-11-27"},{"departmentId":"b","date":null}]')).toEqual([
      { departmentId: 'a', date: '2026-11-27' },
      { departmentId: 'b', date: null },
    ]);
  });

  it('reads anything unreadable as "anything changed" rather than dropping part of a batch', () => {
    expect(readLiveChanges('not json')).toEqual([]);
    expect(readLiveChanges('{"departmentId":"a"}')).toEqual([]);
    expect(readLiveChanges('[{"departmentId":"a","date":"2026-11-27"},{"departmentId":3}]')).toEqual([]);
  });
});

describe('changeConcernsDays', () => {
  it('concerns the days in the range, and every day when the plan changed', () => {
    expect(changeConcernsDays({ departmentId: 'a', date: '2026-11-27T00:00:00' }, '2026-11-23', '2026-11-29')).toBe(true);
    expect(changeConcernsDays({ departmentId: 'a', date: '2026-11-30' }, '2026-11-23', '2026-11-29')).toBe(false);
    expect(changeConcernsDays({ departmentId: 'a', date: null }, '2026-11-23', '2026-11-29')).toBe(true);
  });
});
