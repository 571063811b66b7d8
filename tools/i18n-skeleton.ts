// Writes the translation files of one language (docs/content.md, "Translations"): content/i18n/<lang>/<id>.yaml for
// every lesson, grammar topic, podcast episode and blog post, with every translatable text as an entry (missing
// until filled). Run it again after editing the content: it adds new texts, refreshes the `pl`/`en` it shows, and
// keeps every translation. Usage:
//   npx tsx tools/i18n-skeleton.ts <lang> [--only=<id or folder>] [--reset-stale] [--prune]
//   --reset-stale: entries whose source changed become missing again (else they stay, and the gates name them)
//   --prune: remove entries whose text no longer exists in the source
import { resolve } from 'node:path';
import { CONTENT_LANGUAGES, type TI18nFile } from '@polski/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { loadCatalogue } from '../apps/api/src/modules/content/catalogue';
import { writeSkeleton } from './i18n/files';

const args = process.argv.slice(2);
const lang = args.find((a) => !a.startsWith('--'));
if (!lang || !(CONTENT_LANGUAGES as readonly string[]).includes(lang)) {
  console.error(`Usage: npx tsx tools/i18n-skeleton.ts <lang> (one of ${CONTENT_LANGUAGES.join(', ')})`);
  process.exit(2);
}
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const contentDir = resolve('content');
const reports = writeSkeleton(loadCatalogue(contentDir), contentDir, lang as TI18nFile['lang'], {
  resetStale: args.includes('--reset-stale'),
  prune: args.includes('--prune'),
  only: only ? (id) => id === only || id.startsWith(`${only}/`) : undefined,
});
let written = 0;
for (const [id, r] of reports) {
  if (r.changed) written += 1;
  if (r.stale.length) console.log(`${lang}/${id}: source changed for ${r.stale.join(', ')}`);
  if (r.unknown.length) console.log(`${lang}/${id}: no longer in the source: ${r.unknown.join(', ')}`);
}
console.log(`${reports.size} files of ${lang} checked, ${written} written`);
