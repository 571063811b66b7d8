// Validates content files against the schemas in libs/contracts; prints each broken file with its path and the
// problem. Without arguments it also loads the whole catalogue as the API does at start, which checks what spans
// files: duplicate slugs and orders, and each lesson's grammar notes against content/grammar (topic ids, quoted
// sentences, example words), that every video story's scene has its illustration (tools/scene-art.ts), and the
// translations of content/i18n against their sources (tools/i18n/gates.ts). Usage:
//   npx tsx tools/validate-content.ts [file-or-dir ...]   (default: content/)
//   --lang=<code>[,<code>...]: check only these languages' translations (a translator's quick check; npm test checks all)
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { HUB_IDS } from '@polski/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { loadContentFile } from '../apps/api/src/modules/content/content-loader';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { ContentCatalogueError, loadCatalogue } from '../apps/api/src/modules/content/catalogue';
import { hubArtProblems, SCENE_HUB, sceneArtProblems, stateArtProblems, type TSceneStory } from './scene-art';
import { checkAllLanguages, checkLanguage, formatReport } from './i18n/gates';

function walk(p: string): string[] {
  // content/i18n holds translations, checked by the gates below
  if (statSync(p).isDirectory())
    return p === resolve('content/i18n') ? [] : readdirSync(p).flatMap((f) => walk(join(p, f)));
  return /\.(ya?ml|md)$/.test(p) ? [p] : [];
}

const args = process.argv.slice(2);
const onlyLangs = args
  .find((a) => a.startsWith('--lang='))
  ?.slice('--lang='.length)
  .split(',')
  .filter(Boolean);
const targets = args.filter((a) => !a.startsWith('--'));
const files = (targets.length ? targets : ['content']).flatMap((t) => walk(resolve(t)));
let bad = 0;
for (const f of files) {
  if (f.endsWith('spelling-allowlist.txt')) continue;
  const result = loadContentFile(f);
  if (!result.ok) {
    bad += 1;
    console.log(`${f}:\n  ${result.problems.join('\n  ')}`);
  }
}
console.log(`${files.length} files validated, ${bad} broken`);
if (!targets.length) {
  const dir = resolve('content/lessons', SCENE_HUB);
  const stories = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => loadContentFile(join(dir, f)))
    .flatMap((r) => (r.ok && r.kind === 'lesson' ? [r.data as TSceneStory] : []));
  const problems = sceneArtProblems(stories);
  for (const p of problems) console.log(p);
  console.log(`scene illustrations checked for ${stories.length} video stories, ${problems.length} problems`);
  bad += problems.length;
  const hubProblems = [...hubArtProblems(HUB_IDS), ...stateArtProblems()];
  for (const p of hubProblems) console.log(p);
  console.log(
    `hub and page illustrations checked for ${HUB_IDS.length} hubs, ${hubProblems.length} problems`,
  );
  bad += hubProblems.length;
}
if (!targets.length && !bad) {
  try {
    const catalogue = loadCatalogue(resolve('content'));
    const withNotes = catalogue.allLessons().filter((l) => catalogue.grammarNotes(l)).length;
    console.log(
      `catalogue loaded: ${catalogue.grammarTopics.size} grammar topics, ${withNotes} lessons with grammar notes`,
    );
    // translations (docs/content.md, "Translations"): alignment, completeness, script, language
    const reports = onlyLangs
      ? onlyLangs.map((lang) => checkLanguage(catalogue, resolve('content'), lang))
      : checkAllLanguages(catalogue, resolve('content'));
    for (const report of reports) {
      console.log(formatReport(report));
      bad += report.errors.length;
    }
  } catch (e) {
    if (!(e instanceof ContentCatalogueError)) throw e;
    console.log(e.message);
    bad += e.problems.length;
  }
}
process.exit(bad ? 1 : 0);
