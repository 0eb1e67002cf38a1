import { describe, expect, it } from 'vitest';
import { changeConcernsDays, changesConcernList, readLiveChanges } from './live-changes';

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

describe('changesConcernList', () => {
  const list = { department: 'a', from: '2026-11-23T00:00:00', to: '2026-12-23T23:59:59' };
  it("concerns a list of the change's department and day, or of every department", () => {
    expect(changesConcernList([{ departmentId: 'a', date: '2026-11-27' }], list)).toBe(true);
    expect(changesConcernList([{ departmentId: 'b', date: '2026-11-27' }], { ...list, department: undefined })).toBe(true);
    expect(changesConcernList([{ departmentId: 'a', date: null }], list)).toBe(true);
  });

  it('leaves a list of another department or of other days alone, unless anything may have changed ([])', () => {
    expect(changesConcernList([{ departmentId: 'b', date: '2026-11-27' }], list)).toBe(false);
    expect(changesConcernList([{ departmentId: 'a', date: '2026-12-24' }], list)).toBe(false);
    expect(
      changesConcernList(
        [
          { departmentId: 'b', date: '2026-11-27' },
          { departmentId: 'a', date: '2026-11-28' },
        ],
        list,
      ),
    ).toBe(true);
    expect(changesConcernList([], list)).toBe(true);
  });
});
