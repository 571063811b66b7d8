import {
  DUE_FORECAST_DAYS,
  HUBS,
  type TLearnerSettings,
  type TProgressHistoryResponse,
  type TProgressSummaryResponse,
} from '@polski/contracts';

export function makeSummary(overrides: Partial<TProgressSummaryResponse> = {}): TProgressSummaryResponse {
  return {
    today: '2026-03-02',
    streak: { days: 5, activeToday: true, freezeAvailable: true },
    goal: { kind: 'items', amount: 20, done: 12 },
    activity: { lessons: 1, reviews: 11, items: 12, minutes: 9 },
    wordsKnown: 321,
    dueNow: 7,
    hubs: HUBS.map((h, i) => ({
      id: h.id,
      completed: i === 0 ? 3 : 0,
      total: 10,
      percent: i === 0 ? 30 : 0,
    })),
    continue: {
      hub: 'complete-beginner',
      slug: 'complete-beginner-4',
      title: 'W kawiarni',
      path: '/complete-beginner/complete-beginner-4',
    },
    ...overrides,
  };
}

/** Two weeks of history (from a Monday to the second Sunday), cards due today and in three days. */
export function makeHistory(overrides: Partial<TProgressHistoryResponse> = {}): TProgressHistoryResponse {
  const from = '2026-02-16';
  const day = (n: number) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  return {
    today: day(13),
    from,
    knownWords: Array.from({ length: 14 }, (_v, i) => ({ day: day(i), known: i < 7 ? 10 : 25 })),
    due: Array.from({ length: DUE_FORECAST_DAYS }, (_v, i) => ({
      day: day(13 + i),
      count: i === 0 ? 4 : i === 3 ? 9 : 0,
    })),
    activity: [
      { day: day(0), lessons: 1, reviews: 2, items: 3, minutes: 6, frozen: false },
      { day: day(1), lessons: 0, reviews: 0, items: 0, minutes: 0, frozen: true },
      { day: day(13), lessons: 0, reviews: 12, items: 12, minutes: 4, frozen: false },
    ],
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<TLearnerSettings> = {}): TLearnerSettings {
  return {
    timeZone: 'Europe/Warsaw',
    goalKind: 'items',
    goalAmount: 20,
    newPerDay: 10,
    reviewsPerDay: 100,
    ...overrides,
  };
}
