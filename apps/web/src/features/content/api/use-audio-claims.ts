import { useMemo } from 'react';
import { audioClaims, catalogueAudioSource, type TAudioClaims } from '@polski/contracts';
import { useHubs } from './get-hubs';

/**
 * What the premium pages say about the audio (docs/product.md, "Honest audio claims"), from the API's per-hub audio
 * summary (`GET /api/content/hubs`, shared with /learn-polish's query): texts that name no kind of voice until the
 * summary is in (or if it cannot be loaded), then the texts of the catalogue's plainest lesson audio.
 */
export function useAudioClaims(): TAudioClaims {
  const { data } = useHubs();
  return useMemo(() => audioClaims(data ? catalogueAudioSource(data.map((h) => h.audio)) : undefined), [data]);
}
