import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { HUB_IDS, HUBS } from '@polski/contracts';
import { workspacePath } from '../../lib/paths';
import { ContentCatalogueError, loadCatalogue } from './catalogue';
import { loadContentFile } from './content-loader';
import { createContentModule } from './index';
import { loadConfig } from '../../config/env';
import { systemClock } from '../../lib/clock';
import type { TModuleDeps } from '../../module';
import { TEST_ENV } from '../../../test/support/test-app';

const CONTENT = workspacePath('content');

function walk(p: string): string[] {
  if (statSync(p).isDirectory()) return readdirSync(p).flatMap((f) => walk(join(p, f)));
  return [p];
}

describe('content catalogue', () => {
  it('validates every content file against its schema', () => {
    const files = ['lessons', 'grammar', 'podcast', 'blog'].flatMap((d) => walk(join(CONTENT, d)));
    const problems = files.flatMap((f) => {
      const r = loadContentFile(f);
      return r.ok ? [] : r.problems.map((p) => `${relative(CONTENT, f)}: ${p}`);
    });
    expect(problems).toEqual([]);
    expect(files.length).toBeGreaterThanOrEqual(83 + 6 + 6);
  });

  it('loads as a whole: no duplicate slugs or orders, no unknown hubs', () => {
    expect(() => loadCatalogue(CONTENT)).not.toThrow();
  });

  it("writes each hub's level one way: the CEFR range of its lessons (A1-A2, B2)", () => {
    const catalogue = loadCatalogue(CONTENT);
    for (const hub of HUBS) {
      const levels = [...new Set(catalogue.hub(hub.id)!.lessons.map((l) => l.level))].sort();
      const range = levels.length === 1 ? levels[0] : `${levels[0]}-${levels[levels.length - 1]}`;
      expect(`${hub.id}: ${hub.level}`).toBe(`${hub.id}: ${range}`);
    }
  });

  describe('counts and free/premium split per hub', () => {
    const catalogue = loadCatalogue(CONTENT);
    const hub = (id: string) => catalogue.hub(id)!.lessons;
    const free = (id: string) => hub(id).filter((l) => !l.premium).map((l) => l.slug);
    const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

    it.each([
      ['complete-beginner', 20, 1],
      ['mini-stories', 10, 3],
      ['int-mini-stories', 8, 2],
      ['yt-stories', 5, 0],
      ['short-stories', 5, 5],
      ['beginner-moon-story', 15, 1],
      ['practical-dialogues', 8, 0],
      ['listening-practice', 8, 0],
      ['history-of-poland', 6, 0],
    ])('%s has %i lessons, %i free', (id, count, freeCount) => {
      expect(hub(id)).toHaveLength(count);
      expect(free(id)).toHaveLength(freeCount);
    });

    it('keeps the hubs in the spec order', () => {
      expect(catalogue.hubs.map((h) => h.id)).toEqual(HUB_IDS);
    });

    it('has complete-beginner-1..20 in order with only lesson 1 free', () => {
      expect(hub('complete-beginner').map((l) => l.slug)).toEqual(range('complete-beginner-', 20));
      expect(free('complete-beginner')).toEqual(['complete-beginner-1']);
    });

    it('has moon-1..moon-15 in order with only moon-1 free', () => {
      expect(hub('beginner-moon-story').map((l) => l.slug)).toEqual(range('moon-', 15));
      expect(free('beginner-moon-story')).toEqual(['moon-1']);
    });

    it('marks every listening exercise as listening', () => {
      expect(hub('listening-practice').every((l) => l.listening === true)).toBe(true);
    });

    it('teaches history at B1-B2', () => {
      expect(hub('history-of-poland').every((l) => l.level === 'B1' || l.level === 'B2')).toBe(true);
    });

    it('gives practical dialogues speaker turns', () => {
      for (const l of hub('practical-dialogues')) {
        expect(l.paragraphs.flatMap((p) => p.sentences).some((s) => s.speaker)).toBe(true);
      }
    });

    it('has at least 6 podcast episodes and 6 blog posts, newest first', () => {
      expect(catalogue.podcast.length).toBeGreaterThanOrEqual(6);
      expect(catalogue.blog.length).toBeGreaterThanOrEqual(6);
      const dates = catalogue.podcast.map((e) => e.data.date);
      expect(dates).toEqual([...dates].sort().reverse());
    });
  });

  describe('a broken catalogue stops the start', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'polski-content-'));
      cpSync(join(CONTENT, 'lessons', 'complete-beginner'), join(dir, 'lessons', 'complete-beginner'), { recursive: true });
      cpSync(join(CONTENT, 'grammar'), join(dir, 'grammar'), { recursive: true });
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    function problemsOf(): string[] {
      try {
        loadCatalogue(dir);
      } catch (e) {
        expect(e).toBeInstanceOf(ContentCatalogueError);
        return (e as ContentCatalogueError).problems;
      }
      throw new Error('the catalogue loaded');
    }
    const lessonFile = (slug: string) => join(dir, 'lessons', 'complete-beginner', `${slug}.yaml`);

    it('loads the copied hub as it is', () => {
      expect(loadCatalogue(dir).hub('complete-beginner')!.lessons).toHaveLength(20);
    });

    it('names the file and the field of a schema failure', () => {
      const file = lessonFile('complete-beginner-3');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^level: .*$/m, 'level: C3'));
      const problems = problemsOf();
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(file);
      expect(problems[0]).toContain('level');
    });

    it('names a file that is not valid YAML', () => {
      const file = lessonFile('complete-beginner-4');
      writeFileSync(file, 'hub: [unclosed\n');
      expect(problemsOf()).toEqual([expect.stringContaining(`${file}: not valid YAML`)]);
    });

    it('refuses two lessons with the same order in a hub', () => {
      const file = lessonFile('complete-beginner-5');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^order: .*$/m, 'order: 6'));
      const [problem] = problemsOf();
      expect(problem).toContain('duplicate order 6 in hub complete-beginner');
      expect(problem).toContain(file);
      expect(problem).toContain(lessonFile('complete-beginner-6'));
    });

    it('refuses a duplicate slug (.yaml and .yml of one lesson)', () => {
      cpSync(lessonFile('complete-beginner-7'), join(dir, 'lessons', 'complete-beginner', 'complete-beginner-7.yml'));
      expect(problemsOf().join('\n')).toContain('duplicate slug "complete-beginner-7"');
    });

    it('refuses an unknown hub folder and a lesson naming its own audio file (audio is rendered: docs/content.md)', () => {
      mkdirSync(join(dir, 'lessons', 'advanced'));
      const file = lessonFile('complete-beginner-8');
      writeFileSync(file, readFileSync(file, 'utf8') + 'audio: ../../../etc/passwd.mp3\n');
      const problems = problemsOf().join('\n');
      expect(problems).toContain(`${join(dir, 'lessons', 'advanced')}: unknown hub folder`);
      expect(problems).toContain(`${file}: `);
      expect(problems).toMatch(/audio/);
    });

    it('makes module creation (server start) throw with the path of the broken file', () => {
      const file = lessonFile('complete-beginner-9');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^premium: .*$/m, 'premium: maybe'));
      const deps = { config: loadConfig({ ...TEST_ENV, DATA_DIR: dir }), clock: systemClock, database: { db: {} } };
      const create = () => createContentModule({ contentDir: dir })(deps as unknown as TModuleDeps);
      expect(create).toThrow(ContentCatalogueError);
      expect(create).toThrow(`${file}: premium:`);
    });

    it('refuses a broken podcast episode and two episodes with one number', () => {
      mkdirSync(join(dir, 'podcast'));
      const src = join(CONTENT, 'podcast', 'ordering-food-in-poland.md');
      const text = readFileSync(src, 'utf8');
      writeFileSync(join(dir, 'podcast', 'ordering-food-in-poland.md'), text);
      writeFileSync(
        join(dir, 'podcast', 'copy-of-ordering.md'),
        text.replace(/^slug: .*$/m, 'slug: copy-of-ordering'),
      );
      writeFileSync(join(dir, 'podcast', 'no-front-matter.md'), '# Just notes\n');
      const problems = problemsOf().join('\n');
      expect(problems).toContain('duplicate podcast episode number');
      expect(problems).toContain(`${join(dir, 'podcast', 'no-front-matter.md')}: missing YAML front matter`);
    });
  });
});
