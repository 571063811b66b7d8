import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * HEAD on the episode's audio URL: is the recording published? The player is shown only then (an <audio> whose
 * file is missing is a broken control). An HTML answer is the app shell, not audio. Failures are not toasted.
 */
export async function checkEpisodeAudio(
  audioUrl: string,
  options: { signal?: AbortSignal } = {},
): Promise<boolean> {
  try {
    const response = await fetch(audioUrl, { method: 'HEAD', signal: options.signal });
    const type = response.headers.get('Content-Type') ?? '';
    return response.ok && !type.includes('text/html');
  } catch (err) {
    if (options.signal?.aborted) throw err;
    return false; // offline, or another host that does not allow this site to ask
  }
}

export function getEpisodeAudioQueryOptions(audioUrl: string) {
  return queryOptions({
    queryKey: ['podcast', 'audio-available', audioUrl],
    queryFn: ({ signal }) => checkEpisodeAudio(audioUrl, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** `enabled: false` when the episode's learning player has its own audio (no HEAD needed). */
export function useEpisodeAudioAvailable(audioUrl: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEpisodeAudioQueryOptions(audioUrl), enabled });
}
