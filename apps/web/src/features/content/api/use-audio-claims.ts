import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { audioClaims, catalogueAudioSource, type TAudioClaims, type TMediaSource } from '@polski/contracts';
import { getHubs, getHubsQueryOptions } from './get-hubs';

/** Every failed status, and no answer at all: the claims then stay neutral, without a toast. */
const SILENT = [0, ...Array.from({ length: 200 }, (_, i) => 400 + i)];

/**
 * What the premium pages say about the audio (docs/product.md, "Honest audio claims"), from the API's per-hub audio
 * summary (`GET /api/content/hubs`, the same query as /learn-polish's): texts that name no kind of voice until the
 * summary is in (or if it cannot be loaded), then the texts of the catalogue's plainest lesson audio.
 */
export function useAudioClaims(): TAudioClaims {
  const source = useAudioSource();
  return useMemo(() => audioClaims(source), [source]);
}

/**
 * The catalogue's plainest lesson audio (recording, neural, synthetic), or undefined until the summary is in (or if
 * it cannot be loaded): for texts that select on it in the interface catalogues (the premium modal's).
 */
export function useAudioSource(): TMediaSource | undefined {
  const { data } = useQuery({
    ...getHubsQueryOptions(),
    queryFn: ({ signal }) => getHubs({ signal, silentStatuses: SILENT }),
  });
  return useMemo(() => (data ? catalogueAudioSource(data.map((h) => h.audio)) : undefined), [data]);
}
