#!/usr/bin/env -S npx tsx
// `npm run audio:render [-- --hub <hub>] [--lesson <slug>] [--podcast [<slug>]] [--story] [--provider espeak|google|azure]
// [--force] [--quiet]`: renders the catalogue's audio into MEDIA_DIR (docs/content.md, "Audio"). Exits non-zero
// when any lesson or episode failed, after trying all others.
import { parseArgs } from 'node:util';
import { HUB_IDS } from '@polski/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the renderer shares the API's media layout, by path
import { mediaDir } from '../apps/api/src/modules/content/media/layout';
import { chooseProvider, PROVIDER_IDS } from './audio/providers';
import { renderCatalogue } from './audio/render';

function main(): Promise<number> | number {
  let args;
  try {
    args = parseArgs({
      options: {
        hub: { type: 'string', multiple: true },
        lesson: { type: 'string', multiple: true },
        podcast: { type: 'string', multiple: true },
        provider: { type: 'string' },
        story: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
      },
      allowPositionals: false,
    }).values;
  } catch (e) {
    console.error(`audio:render: ${(e as Error).message}`);
    return 2;
  }
  for (const h of args.hub ?? [])
    if (!(HUB_IDS as readonly string[]).includes(h)) {
      console.error(`audio:render: unknown hub "${h}" (one of ${HUB_IDS.join(', ')})`);
      return 2;
    }
  if (args.provider && !(PROVIDER_IDS as readonly string[]).includes(args.provider)) {
    console.error(`audio:render: unknown provider "${args.provider}" (one of ${PROVIDER_IDS.join(', ')})`);
    return 2;
  }
  const only: string[] = [];
  const hubs = args.hub ?? [];
  for (const slug of args.lesson ?? []) {
    if (!/^[a-z0-9-]+$/.test(slug)) {
      console.error(`audio:render: bad lesson slug "${slug}"`);
      return 2;
    }
    // a lesson slug is unique in its hub; without --hub, any hub's lesson of that slug
    if (hubs.length) for (const h of hubs) only.push(`lessons/${h}/${slug}`);
    else for (const h of HUB_IDS) only.push(`lessons/${h}/${slug}`);
  }
  if (!args.lesson?.length) for (const h of hubs) only.push(`lessons/${h}`);
  for (const p of args.podcast ?? []) only.push(p === '' || p === 'all' ? 'podcast' : `podcast/${p}`);
  // the home page's Story of the day (part of a full render, like everything else)
  if (args.story) only.push('story');
  return run(only, args.provider, args.force ?? false, args.quiet ?? false);
}

async function run(
  only: string[],
  providerId: string | undefined,
  force: boolean,
  quiet: boolean,
): Promise<number> {
  const provider = chooseProvider(process.env, providerId);
  const media = mediaDir();
  if (!quiet) console.log(`audio:render: ${provider.id} -> ${media}`);
  try {
    const result = await renderCatalogue({
      mediaDir: media,
      provider,
      only,
      force,
      onProgress: ({ done, total, key, clipsRendered, skipped }) => {
        if (!quiet)
          console.log(
            `[${done}/${total}] ${key}${skipped ? ' (current)' : ''} · clips rendered: ${clipsRendered}`,
          );
      },
    });
    for (const f of result.failures) console.error(`audio:render: ${f.key}: ${f.error}`);
    console.log(
      `audio:render: ${result.items} item(s), ${result.written} written, ${result.skipped} current, ` +
        `${result.clipsRendered} clip(s) rendered, ${result.failures.length} failed in ${(result.ms / 1000).toFixed(1)} s`,
    );
    return result.failures.length ? 1 : 0;
  } finally {
    await provider.close();
  }
}

Promise.resolve(main()).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`audio:render: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
