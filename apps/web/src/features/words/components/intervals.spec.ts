import { intervalLabel, intervalWords } from './intervals';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const after = (ms: number) => new Date(NOW.getTime() + ms);
const MIN = 60_000;

describe('the grade buttons’ intervals', () => {
  it.each([
    [30_000, '1 min', 'in 1 minute'],
    [10 * MIN, '10 min', 'in 10 minutes'],
    [5 * 60 * MIN, '5 hr', 'in 5 hours'],
    [24 * 60 * MIN, '1 day', 'in 1 day'],
    [3 * 24 * 60 * MIN, '3 days', 'in 3 days'],
    [61 * 24 * 60 * MIN, '2 mths', 'in 2 months'],
    [548 * 24 * 60 * MIN, '1.5 yrs', 'in 1.5 years'],
  ])('%i ms is "%s" ("%s")', (ms, label, words) => {
    expect(intervalLabel(after(ms), NOW)).toBe(label);
    expect(intervalWords(after(ms), NOW)).toBe(words);
  });

  it('speaks the interface’s language (Intl): German and Ukrainian', () => {
    expect(intervalLabel(after(10 * MIN), NOW, 'de')).toBe('10 Min.');
    expect(intervalWords(after(3 * 24 * 60 * MIN), NOW, 'de')).toBe('in 3 Tagen');
    expect(intervalWords(after(548 * 24 * 60 * MIN), NOW, 'de')).toBe('in 1,5 Jahren');
    expect(intervalWords(after(3 * 24 * 60 * MIN), NOW, 'uk')).toBe('через 3 дні');
  });
});
