import { useEffect, useState } from 'react';
import { homeAudioClaims, type THomeAudioClaims } from '@polski/contracts';

/**
 * The home page's texts about the audio (docs/product.md, "Honest audio claims"): texts that name no kind of voice
 * at first paint, then those of the catalogue's plainest lesson audio once the API's hub summary is in. The code
 * that asks for it loads after the first paint (catalogue-audio.ts), so the home route's initial JavaScript
 * carries only this hook.
 */
export function useHomeAudioClaims(): THomeAudioClaims {
  const [claims, setClaims] = useState(() => homeAudioClaims(undefined));
  useEffect(() => {
    let live = true;
    void import('./catalogue-audio')
      .then((m) => m.catalogueAudio())
      .then((source) => live && source && setClaims(homeAudioClaims(source)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return claims;
}
