// `npm run content:translate` (docs/content.md, "Machine translation"): fills missing translations of the content
// through DeepL (DEEPL_AUTH_KEY, optional DEEPL_SERVER_URL) or Google Cloud Translation (GOOGLE_TRANSLATE_API_KEY,
// optional GOOGLE_TRANSLATE_ENDPOINT) and marks them `machine`; reviewed translations are never touched. Usage:
//   npm run content:translate -- [--lang=de,fr] [--provider=deepl|google] [--only=<id or folder>] [--batch=50]
// Without --lang: every language of content/i18n/languages.yaml.
import { resolve } from 'node:path';
import { CONTENT_LANGUAGES, type TNativeLanguageCode } from '@polski/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { loadCatalogue } from '../apps/api/src/modules/content/catalogue';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { loadManifest } from '../apps/api/src/modules/content/i18n';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import type { TBatchTranslationProvider } from '../apps/api/src/modules/translation/providers/provider';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { DeeplTranslationProvider } from '../apps/api/src/modules/translation/providers/deepl.provider';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { GoogleTranslationProvider } from '../apps/api/src/modules/translation/providers/google.provider';
import { translateContent } from './i18n/translate';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) || undefined;

function provider(): TBatchTranslationProvider {
  const wanted = arg('provider') ?? (process.env.DEEPL_AUTH_KEY ? 'deepl' : 'google');
  if (wanted === 'deepl' && process.env.DEEPL_AUTH_KEY) {
    return new DeeplTranslationProvider({
      authKey: process.env.DEEPL_AUTH_KEY,
      serverUrl: process.env.DEEPL_SERVER_URL,
      timeoutMs: 30000,
    });
  }
  if (wanted === 'google' && process.env.GOOGLE_TRANSLATE_API_KEY) {
    return new GoogleTranslationProvider({
      apiKey: process.env.GOOGLE_TRANSLATE_API_KEY,
      endpoint: process.env.GOOGLE_TRANSLATE_ENDPOINT,
    });
  }
  console.error('No provider key: set DEEPL_AUTH_KEY or GOOGLE_TRANSLATE_API_KEY (see docs/content.md).');
  process.exit(2);
}

async function main() {
  const contentDir = resolve('content');
  const langs = (arg('lang')?.split(',') ?? Object.keys(loadManifest(contentDir))) as TNativeLanguageCode[];
  const unknown = langs.filter((l) => !(CONTENT_LANGUAGES as readonly string[]).includes(l));
  if (unknown.length) {
    console.error(`Unknown language ${unknown.join(', ')} (one of ${CONTENT_LANGUAGES.join(', ')})`);
    process.exit(2);
  }
  const result = await translateContent({
    catalogue: loadCatalogue(contentDir),
    contentDir,
    langs,
    provider: provider(),
    only: arg('only'),
    batchSize: arg('batch') ? Number(arg('batch')) : undefined,
  });
  console.log(`${result.translated} texts translated in ${result.files} files (${result.requests} requests)`);
  console.log('Machine translations are marked `machine`: review them, then set `status: reviewed`.');
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
