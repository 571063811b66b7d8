import { HUB_IDS, type THubListResponse, type THubSummary, type TUserResponse } from '@polski/contracts';

export function makeUser(overrides: Partial<TUserResponse> = {}): TUserResponse {
  return {
    token: 'header.payload.signature',
    username: 'ola',
    email: 'ola@example.test',
    lang: 'en',
    emailConfirmed: false,
    roles: ['Member'],
    cus: null,
    premiumLifetime: false,
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * GET /api/content/hubs as the API answers it, every hub's audio summary made by `audio` from its lesson count
 * (docs/product.md, "Honest audio claims": the site's audio texts are derived from these counts).
 */
export function makeHubList(
  audio: (lessons: number) => NonNullable<THubSummary['audio']> | undefined,
): THubListResponse {
  return HUB_IDS.map((id, i) => {
    const a = audio(4 + i);
    return {
      id,
      title: `Hub ${i + 1}`,
      level: 'A1',
      path: `/${id}`,
      lessonCount: 4 + i,
      freeCount: 1,
      ...(a ? { audio: a } : {}),
    };
  });
}

/** Audio summaries: every lesson ready from one source. */
export const allAudio = (source: 'recording' | 'neural' | 'synthetic') => (lessons: number) => ({
  lessons,
  ready: lessons,
  recording: source === 'recording' ? lessons : 0,
  neural: source === 'neural' ? lessons : 0,
  synthetic: source === 'synthetic' ? lessons : 0,
});
