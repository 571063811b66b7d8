import { addDays, dayOf, freezableGap, isoWeek, streakOn, type TDayRow } from './days';

const active = (day: string): TDayRow => ({ day, active: true, freeze: false });
const frozen = (day: string): TDayRow => ({ day, active: false, freeze: true });

describe('learner days', () => {
  it("gives the date in the learner's time zone, across midnight and the date line", () => {
    const instant = new Date('2026-07-11T06:30:00Z');
    expect(dayOf(instant, 'UTC')).toBe('2026-07-11');
    expect(dayOf(instant, 'America/Los_Angeles')).toBe('2026-07-10');
    expect(dayOf(instant, 'Pacific/Kiritimati')).toBe('2026-07-11');
    expect(dayOf(new Date('2026-07-11T11:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-07-12');
    // the night Poland moves its clocks back (25 October 2026): 23:30 local is still the 25th
    expect(dayOf(new Date('2026-10-25T22:30:00Z'), 'Europe/Warsaw')).toBe('2026-10-25');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('names ISO weeks: Monday to Sunday, week 1 holding the first Thursday', () => {
    expect(isoWeek('2026-01-01')).toBe('2026-W01');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2026-12-28')).toBe('2026-W53');
    expect(isoWeek('2021-01-03')).toBe('2020-W53');
    expect(isoWeek('2026-07-13')).toBe(isoWeek('2026-07-19'));
    expect(isoWeek('2026-07-19')).not.toBe(isoWeek('2026-07-20'));
  });

  it('covers missed days with freezes only when each is in a week of its own whose freeze is unused', () => {
    // Friday active, Saturday missed, Sunday today: one freeze
    expect(freezableGap([active('2026-07-17')], '2026-07-19')).toEqual(['2026-07-18']);
    // Sunday and Monday missed: two weeks, two freezes
    expect(freezableGap([active('2026-07-18')], '2026-07-21')).toEqual(['2026-07-19', '2026-07-20']);
    // Saturday and Sunday missed: the same week
    expect(freezableGap([active('2026-07-17')], '2026-07-20')).toEqual([]);
    // this week's freeze already spent
    expect(
      freezableGap([active('2026-07-13'), frozen('2026-07-14'), active('2026-07-15')], '2026-07-17'),
    ).toEqual([]);
    // no history: nothing to keep
    expect(freezableGap([], '2026-07-17')).toEqual([]);
  });

  it('counts the streak from today or yesterday, through frozen days, without counting them', () => {
    const rows = [active('2026-07-13'), frozen('2026-07-14'), active('2026-07-15'), active('2026-07-16')];
    expect(streakOn(rows, '2026-07-16')).toEqual({ days: 3, activeToday: true, freezeAvailable: false });
    expect(streakOn(rows, '2026-07-17')).toEqual({ days: 3, activeToday: false, freezeAvailable: false });
    // Saturday: Friday missed, this week's freeze spent: broken
    expect(streakOn(rows, '2026-07-18').days).toBe(0);
    // next Monday, Saturday and Sunday missed: broken
    expect(streakOn([active('2026-07-17')], '2026-07-20').days).toBe(0);
    // a day whose activity was all undone is a missed day: this week's freeze will cover it
    const undone = [active('2026-07-15'), { day: '2026-07-16', active: false, freeze: false }];
    expect(streakOn(undone, '2026-07-17')).toEqual({ days: 1, activeToday: false, freezeAvailable: false });
    expect(streakOn([...undone, frozen('2026-07-14')], '2026-07-17').days).toBe(0);
  });
});
