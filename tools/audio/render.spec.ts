import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the renderer shares the API's media layout, by path
import { ZMediaManifestSchema, type TMediaManifest } from '../../apps/api/src/modules/content/media/layout';
import { EspeakProvider } from './espeak';
import { decodePcm, decodedDurationMs } from './ffmpeg';
import { COVERAGE_TOLERANCE, readManifestFile, renderCatalogue } from './render';
import { makeTinyCatalogue } from './test-catalogue';
import { voiceFor } from './voices';

/** The renderer on a tiny catalogue with the real eSpeak NG (WebAssembly) and the real ffmpeg. */
describe('renderCatalogue (eSpeak NG + ffmpeg)', () => {
  const cat = makeTinyCatalogue();
  const provider = new EspeakProvider();
  const lessonDir = join(cat.mediaDir, 'lessons', 'complete-beginner', 'tiny-1');
  const dialogueDir = join(cat.mediaDir, 'lessons', 'practical-dialogues', 'tiny-talk');
  const render = (only?: string[]) =>
    renderCatalogue({ contentDir: cat.contentDir, mediaDir: cat.mediaDir, provider, only });
  const manifest = (dir: string): TMediaManifest =>
    ZMediaManifestSchema.parse(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')));

  afterAll(async () => {
    await provider.close();
    rmSync(cat.root, { recursive: true, force: true });
  });

  it('renders every sentence and word into decodable tracks whose timings cover them', async () => {
    const progress: string[] = [];
    const result = await renderCatalogue({
      contentDir: cat.contentDir,
      mediaDir: cat.mediaDir,
      provider,
      onProgress: (p) => progress.push(`${p.done}/${p.total} ${p.key}`),
    });
    expect(result.failures).toEqual([]);
    expect(result.written).toBe(3);
    // the Story of the day's sentence (normal speed), 3 + 3 sentences at two speeds, and the words (kot, dom,
    // mały: shared by both lessons)
    expect(result.clipsRendered).toBe(1 + 6 * 2 + 3);
    expect(progress).toEqual([
      '1/3 story',
      '2/3 lessons/complete-beginner/tiny-1',
      '3/3 lessons/practical-dialogues/tiny-talk',
    ]);
    // the home page's Story of the day: one normal track of its one sentence, covering the file
    const story = manifest(join(cat.mediaDir, 'story'));
    expect(story.tracks.map((t) => t.speed)).toEqual(['normal']);
    expect(story.tracks[0].sentences).toHaveLength(1);
    expect(story.tracks[0].sentences[0]).toMatchObject({
      p: 0,
      s: 0,
      startMs: 0,
      endMs: story.tracks[0].durationMs,
    });
    expect(statSync(join(cat.mediaDir, 'story', story.tracks[0].file)).size).toBe(story.tracks[0].bytes);

    for (const dir of [lessonDir, dialogueDir]) {
      const m = manifest(dir);
      expect(m.source).toBe('synthetic');
      expect(m.voiceLabel).toBe('Synthetic voice (eSpeak NG)');
      expect(m.tracks.map((t) => t.speed)).toEqual(['normal', 'slow']);
      for (const t of m.tracks) {
        const file = join(dir, t.file);
        expect(statSync(file).size).toBe(t.bytes);
        expect(readFileSync(file).subarray(0, 3).toString('latin1')).toMatch(/^(ID3|\xff\xf3|\xff\xfb)/);
        const decoded = await decodedDurationMs(file);
        expect(Math.abs(decoded - t.durationMs)).toBeLessThanOrEqual(1);
        expect(t.sentences).toHaveLength(3);
        let prev = 0;
        for (const s of t.sentences) {
          expect(s.startMs).toBeGreaterThanOrEqual(prev);
          expect(s.endMs).toBeGreaterThan(s.startMs);
          prev = s.endMs;
        }
        expect(Math.abs(t.durationMs - prev)).toBeLessThanOrEqual(t.durationMs * COVERAGE_TOLERANCE);
      }
      // slow is slower
      expect(m.tracks[1].durationMs).toBeGreaterThan(m.tracks[0].durationMs * 1.2);
      expect(Object.keys(m.words ?? {}).sort()).toEqual(['dom', 'kot', 'mały']);
      for (const hash of Object.values(m.words!))
        expect(existsSync(join(cat.mediaDir, 'words', `${hash}.mp3`))).toBe(true);
    }
    // word timings: one per token ("Kot ma 3 lata." has 4 tokens, the number included), inside the sentence
    const s = manifest(lessonDir).tracks[0].sentences[1];
    expect(s.words?.map((w) => w.i)).toEqual([0, 1, 2, 3]);
    expect(s.words![0].startMs).toBe(s.startMs);
    expect(s.words![3].endMs).toBe(s.endMs);
    // the paragraph pause is longer than the sentence pause
    const [a, b, c] = manifest(lessonDir).tracks[0].sentences;
    expect(c.startMs - b.endMs).toBeGreaterThan(b.startMs - a.endMs);
  });

  it('a clip decodes to exactly the length its sidecar records (what the timings are made of)', async () => {
    const m = manifest(lessonDir);
    const hash = m.words!['kot'];
    const info = JSON.parse(readFileSync(join(cat.mediaDir, 'words', `${hash}.json`), 'utf8'));
    const pcm = await decodePcm(join(cat.mediaDir, 'words', `${hash}.mp3`));
    expect(pcm.length / 2).toBe(info.samples);
  });

  it('gives each speaker of a dialogue their own voice', () => {
    expect(voiceFor('Ania')).not.toBe(voiceFor('Tomek'));
    expect(provider.voice(voiceFor('Ania'))).not.toBe(provider.voice(voiceFor('Tomek')));
    expect(voiceFor('Pani Beata')).toMatch(/^female-/);
    expect(voiceFor('Pan Ryszard')).toMatch(/^male-/);
    expect(voiceFor('Kuba')).toMatch(/^male-/);
    // stable: the same name gets the same voice whatever else is in the catalogue
    expect(voiceFor('Pani Beata')).toBe(voiceFor('Pani Beata'));
    expect(voiceFor(undefined)).toBe('narrator');
  });

  it('renders nothing on a second run', async () => {
    const before = manifest(lessonDir);
    const result = await render();
    expect(result).toMatchObject({ written: 0, skipped: 3, clipsRendered: 0, failures: [] });
    expect(manifest(lessonDir)).toEqual(before);
  });

  it('renders only the changed sentence (one clip per speed) when one sentence changes, and drops the old track', async () => {
    const before = manifest(lessonDir);
    writeFileSync(
      cat.lessonFile,
      readFileSync(cat.lessonFile, 'utf8').replace('Dom jest duży.', 'Dom jest bardzo duży.'),
    );
    const result = await render(['lessons/complete-beginner/tiny-1']);
    expect(result).toMatchObject({ written: 1, clipsRendered: 2, failures: [] });
    const after = manifest(lessonDir);
    expect(after.textKey).not.toBe(before.textKey);
    expect(after.tracks[0].file).not.toBe(before.tracks[0].file);
    expect(after.tracks[0].sentences[2].endMs - after.tracks[0].sentences[2].startMs).toBeGreaterThan(
      before.tracks[0].sentences[2].endMs - before.tracks[0].sentences[2].startMs,
    );
    expect(existsSync(join(lessonDir, before.tracks[0].file))).toBe(false);
    expect(existsSync(join(lessonDir, after.tracks[0].file))).toBe(true);
  });

  it('re-renders a lesson whose track file was deleted, from its clips', async () => {
    const m = manifest(lessonDir);
    rmSync(join(lessonDir, m.tracks[1].file));
    const result = await render(['lessons/complete-beginner']);
    expect(result).toMatchObject({ written: 1, clipsRendered: 0 });
    expect(existsSync(join(lessonDir, m.tracks[1].file))).toBe(true);
  });

  it('reports a failing item and goes on with the others', async () => {
    const broken = {
      ...provider,
      id: 'espeak' as const,
      source: 'synthetic' as const,
      voiceLabel: 'x',
      voice: (slot: Parameters<typeof provider.voice>[0]) => `broken-${slot}`,
      synthesize: () => Promise.reject(new Error('synthesiser down')),
      close: () => Promise.resolve(),
    };
    const result = await renderCatalogue({
      contentDir: cat.contentDir,
      mediaDir: cat.mediaDir,
      provider: broken,
    });
    expect(result.failures.map((f) => f.key)).toEqual([
      'story',
      'lessons/complete-beginner/tiny-1',
      'lessons/practical-dialogues/tiny-talk',
    ]);
    expect(result.failures[0].error).toBe('synthesiser down');
    // the previous files are left as they were
    expect(readManifestFile(lessonDir)?.provider).toBe('espeak');
  });
});
