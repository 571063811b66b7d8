// Runs with the web app's tests (apps/web/vite.config.mts includes tools/*.spec.mjs), in jsdom, where esbuild
// refuses to load: the build and the emulator file run in child processes.
//
// The Stripe emulator (libs/stripe-emulator) is a stand-in for Stripe, used only without Stripe keys. It must not
// ship in the production bundle nor in the production image: the build emits it as its own file beside main.js,
// loaded on demand by the API's stand-in seam, and the image's runtime stage does not copy that file.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// the file tools/build-api.mjs writes the emulator to (its STRIPE_EMULATOR_FILE)
const STRIPE_EMULATOR_FILE = 'stripe-emulator.js';

// Marks of the emulator's code in a bundle: esbuild's `// libs/stripe-emulator/src/...` module comments, and strings
// only the emulator has (Stripe's answer to an unknown URL, its hosted page's banner, its own error prefix).
const EMULATOR_MARKS = [
  'libs/stripe-emulator/',
  'Unrecognized request URL',
  'TEST MODE: no real payment is made',
  'Stripe emulator: ',
];

describe('the API build keeps the Stripe emulator out of main.js', () => {
  // inside the repository (tmp/ is ignored by git), so the bundles' external packages resolve from node_modules
  const outdir = join(root, 'tmp', `build-api-spec-${process.pid}`);
  let main = '';
  /** @type {{ sources: string[] }} */
  let mainMap = { sources: [] };
  let emulator = '';

  beforeAll(() => {
    mkdirSync(join(root, 'tmp'), { recursive: true });
    execFileSync(process.execPath, [join(root, 'tools', 'build-api.mjs'), '--outdir', outdir], {
      cwd: root,
      stdio: 'pipe',
      timeout: 120_000,
    });
    main = readFileSync(join(outdir, 'main.js'), 'utf8');
    mainMap = JSON.parse(readFileSync(join(outdir, 'main.js.map'), 'utf8'));
    emulator = readFileSync(join(outdir, STRIPE_EMULATOR_FILE), 'utf8');
  }, 120_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('main.js contains none of the emulator code', () => {
    expect(EMULATOR_MARKS.filter((mark) => main.includes(mark))).toEqual([]);
    expect(mainMap.sources.filter((s) => s.includes('stripe-emulator'))).toEqual([]);
    // the API's own code is there
    expect(main.includes('// apps/api/src/main.ts')).toBe(true);
  });

  it('the emulator is a file of its own, which main.js loads only through a dynamic import', () => {
    expect(EMULATOR_MARKS.filter((mark) => emulator.includes(mark))).toEqual(EMULATOR_MARKS);
    // line by line (a regular expression with .* on both sides rescans each long line from every position)
    const references = main.split('\n').filter((line) => line.includes(STRIPE_EMULATOR_FILE));
    expect(references.map((line) => line.trim())).toEqual([`return import("./${STRIPE_EMULATOR_FILE}");`]);
  });

  it('the emulator file runs on its own: it starts and answers the Stripe SDK', () => {
    const script = `
      const { startStripeEmulator } = require(${JSON.stringify(join(outdir, STRIPE_EMULATOR_FILE))});
      (async () => {
        const emulator = await startStripeEmulator({});
        const customer = await emulator.stripe().customers.create({ email: 'bundle@example.test' });
        await emulator.close();
        console.log(customer.id);
      })().catch((e) => { console.error(e); process.exit(1); });`;
    const out = execFileSync(process.execPath, ['-e', script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(out.trim()).toMatch(/^cus_/);
  });
});

/** The Dockerfile's stages in order: name, base image or stage, and instructions (continuation lines joined). */
/**
 * @param {string} text
 * @returns {{ from: string, name: string | undefined, lines: string[] }[]}
 */
function dockerStages(text) {
  /** @type {{ from: string, name: string | undefined, lines: string[] }[]} */
  const stages = [];
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1], name: from[2], lines: [] });
    else if (stages.length && line.trim() && !line.startsWith('#'))
      stages[stages.length - 1].lines.push(line.trim());
  }
  return stages;
}

/** The sources (paths in the build stage) of a stage's `COPY --from=build`, following its chain of base stages. */
/**
 * @param {ReturnType<typeof dockerStages>} stages
 * @param {string} name
 */
function copiedFromBuild(stages, name) {
  /** @type {string[]} */
  const sources = [];
  for (
    let stage = stages.find((s) => s.name === name);
    stage;
    stage = stages.find((s) => s.name === stage?.from)
  ) {
    for (const line of stage.lines) {
      const copy = /^COPY\s+--from=build\s+(.+)$/.exec(line);
      if (copy) sources.push(...copy[1].split(/\s+/).slice(0, -1));
    }
  }
  return sources;
}

describe('the production image does not contain the emulator', () => {
  const stages = dockerStages(readFileSync(join(root, 'Dockerfile'), 'utf8'));
  const emulatorInBuild = `/app/dist/apps/api/${STRIPE_EMULATOR_FILE}`;
  // a COPY of the file itself or of any folder that holds it (/app/dist, /app/dist/apps/api/, ...) would ship it
  const shipsEmulator = (source) => {
    const path = source.replace(/\/+$/, '');
    return emulatorInBuild === path || emulatorInBuild.startsWith(`${path}/`) || /[*?[]/.test(path);
  };

  it('the runtime stage is the last one (`docker build .` builds it)', () => {
    expect(stages[stages.length - 1]?.name).toBe('runtime');
  });

  it('the runtime stage copies the API bundle but not the emulator file nor a folder holding it', () => {
    const sources = copiedFromBuild(stages, 'runtime');
    expect(sources).toContain('/app/dist/apps/api/main.js');
    expect(sources.filter(shipsEmulator)).toEqual([]);
  });

  it("docker compose's development stack has the emulator, its production-like replicas do not", () => {
    expect(copiedFromBuild(stages, 'development')).toContain(emulatorInBuild);
    const compose = YAML.parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
    expect(compose.services.api.build.target).toBe('development');
    for (const replica of ['api1', 'api2']) expect(compose.services[replica].build.target).toBe('runtime');
  });

  it('the check catches a runtime stage that copies the whole dist folder', () => {
    const bad = dockerStages(
      'FROM node AS build\nFROM node AS runtime\nCOPY --from=build /app/dist ./dist\n',
    );
    expect(copiedFromBuild(bad, 'runtime').filter(shipsEmulator)).toEqual(['/app/dist']);
  });
});

// End of life of the Node LTS lines (https://github.com/nodejs/release#release-schedule). The image must run a line
// that is still supported, and package.json's `engines` must name it (docs/deploy.md, "Node versions").
const NODE_END_OF_LIFE = /** @type {Record<string, string>} */ ({
  20: '2026-04-30',
  22: '2027-04-30',
  24: '2028-04-30',
  26: '2029-04-30',
});

describe('the image runs a supported Node LTS that `engines` names (issue 13, item 16)', () => {
  const stages = dockerStages(readFileSync(join(root, 'Dockerfile'), 'utf8'));
  const nodeImages = stages.map((s) => s.from).filter((from) => from.startsWith('node:'));
  const majors = [...new Set(nodeImages.map((from) => /^node:(\d+)/.exec(from)?.[1]))];
  const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;

  it('the build and runtime stages use one Node major, from a pinned Debian base', () => {
    expect(nodeImages.length).toBeGreaterThanOrEqual(2);
    expect(majors).toHaveLength(1);
    for (const from of nodeImages) expect(from).toMatch(/^node:\d+-bookworm-slim$/);
  });

  it('that major is an LTS line before its end of life', () => {
    const major = String(majors[0]);
    expect(Object.keys(NODE_END_OF_LIFE)).toContain(major);
    expect(Date.parse(NODE_END_OF_LIFE[major]), `Node ${major} reached its end of life`).toBeGreaterThan(
      Date.now(),
    );
  });

  it("package.json's engines lists it, and only LTS lines", () => {
    const listed = String(engines)
      .split('||')
      .map((range) => /^\s*\^(\d+)\.\d+\.\d+\s*$/.exec(range)?.[1]);
    expect(listed).not.toContain(undefined);
    expect(listed).toContain(String(majors[0]));
    for (const major of listed) expect(Object.keys(NODE_END_OF_LIFE)).toContain(major);
  });
});
