import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentToken } from '../../../lib/session';

/**
 * GET /api/content/media/lessons/:hub/:slug/audio as a Blob. Premium audio is served only with the bearer token,
 * and an <audio src> sends no Authorization header, so the file is fetched here and played from a blob URL (the
 * CSP allows media-src blob:). A failure is not toasted: the page falls back to the browser's speech synthesis.
 */
export async function getLessonAudio(audioUrl: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const token = currentToken();
  const response = await fetch(audioUrl, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: options.signal,
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`Lesson audio answered ${response.status}`);
  return response.blob();
}

export function getLessonAudioQueryOptions(audioUrl: string) {
  return queryOptions({
    queryKey: ['content', 'lesson-audio', audioUrl, currentToken() ? 'signed-in' : 'anonymous'],
    queryFn: ({ signal }) => getLessonAudio(audioUrl, { signal }),
    retry: false,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

/** Only premium lessons need the fetch; a free lesson's audio plays from its URL directly. */
export function useLessonAudio(audioUrl: string | undefined, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getLessonAudioQueryOptions(audioUrl ?? ''), enabled: enabled && Boolean(audioUrl) });
}
