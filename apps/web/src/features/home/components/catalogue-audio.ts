import { catalogueAudioSource, type TMediaSource } from '@polski/contracts';
import { getHubs } from '../../content/api/get-hubs';

/**
 * The catalogue's plainest lesson audio from the API's per-hub summary (`GET /api/content/hubs`); undefined when it
 * cannot be known (docs/product.md, "Honest audio claims"). Loaded after the home page's first paint.
 */
export async function catalogueAudio(): Promise<TMediaSource | undefined> {
  const hubs = await getHubs({ silentStatuses: [0, ...Array.from({ length: 200 }, (_, i) => 400 + i)] });
  return catalogueAudioSource(hubs.map((h) => h.audio));
}
