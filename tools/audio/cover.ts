// `npx tsx tools/audio/cover.ts`: renders the podcast cover (apps/web/public/podcast-cover.svg, original artwork)
// to the square PNG the feed names (podcast-cover.png, 1400 px: Apple and Spotify ask for 1400-3000 px).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

export const COVER_PX = 1400;

export function renderCover(svgFile: string, pngFile: string, size = COVER_PX): void {
  const resvg = new Resvg(readFileSync(svgFile, 'utf8'), {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  });
  writeFileSync(pngFile, resvg.render().asPng());
}

if (require.main === module) {
  const dir = join(__dirname, '..', '..', 'apps', 'web', 'public');
  renderCover(join(dir, 'podcast-cover.svg'), join(dir, 'podcast-cover.png'));
  console.log(`cover: ${join(dir, 'podcast-cover.png')} (${COVER_PX} px)`);
}
