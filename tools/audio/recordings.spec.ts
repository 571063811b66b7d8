import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EspeakProvider } from './espeak';
import { runFfmpeg } from './ffmpeg';
import { boundariesFromSilences } from './recordings';
import { renderCatalogue } from './render';
import { makeTinyCatalogue } from './test-catalogue';

/**
 * Recordings an operator drops in the media folder: a real "recording" made here (the sentences spoken by eSpeak NG,
 * joined with pauses by ffmpeg into one WAV), its boundaries found by silence detection, corrected by a timings file.
 */
describe('recordings', () => {
  const cat = makeTinyCatalogue();
  const provider = new EspeakProvider();
  const recDir = join(cat.mediaDir, 'recordings', 'lessons', 'complete-beginner');
  const lessonDir = join(cat.mediaDir, 'lessons', 'complete-beginner', 'tiny-1');
  const sentences = ['To jest mały kot.', 'Kot ma 3 lata.', 'Dom jest duży.'];
  const PAUSE_S = 0.8;
  /** Where each sentence really starts and ends in the recording (ms). */
  const truth: { startMs: number; endMs: number }[] = [];
  const manifest = () => JSON.parse(readFileSync(join(lessonDir, 'manifest.json'), 'utf8'));

  beforeAll(async () => {
    const rate = 22050;
    const parts: Buffer[] = [];
    let at = 0.3; // a little room before the first word, as a real recording has
    parts.push(Buffer.alloc(Math.round(0.3 * rate) * 2));
    for (const [i, text] of sentences.entries()) {
      const s = await provider.synthesize(text, 'narrator', 'normal');
      const sec = s.audio.length / 2 / rate;
      truth.push({ startMs: Math.round(at * 1000), endMs: Math.round((at + sec) * 1000) });
      parts.push(s.audio);
      at += sec;
      const pause = i < sentences.length - 1 ? PAUSE_S : 0.3;
      parts.push(Buffer.alloc(Math.round(pause * rate) * 2));
      at += pause;
    }
    mkdirSync(recDir, { recursive: true });
    await runFfmpeg(
      ['-f', 's16le', '-ar', String(rate), '-ac', '1', '-i', 'pipe:0', '-y', join(recDir, 'tiny-1.wav')],
      Buffer.concat(parts),
    );
  });
  afterAll(async () => {
    await provider.close();
    rmSync(cat.root, { recursive: true, force: true });
  });

  it('splits a whole-lesson recording at its pauses; the recording wins over synthesis', async () => {
    // synthesised first: then the recording arrives and replaces it
    await renderCatalogue({
      contentDir: cat.contentDir,
      mediaDir: cat.mediaDir,
      provider,
      only: ['lessons/practical-dialogues'],
    });
    const result = await renderCatalogue({
      contentDir: cat.contentDir,
      mediaDir: cat.mediaDir,
      provider,
      only: ['lessons/complete-beginner'],
    });
    expect(result.failures).toEqual([]);
    const m = manifest();
    expect(m).toMatchObject({
      source: 'recording',
      voiceLabel: 'Native speaker recording',
      provider: 'recording',
    });
    const normal = m.tracks.find((t: { speed: string }) => t.speed === 'normal');
    expect(normal.sentences).toHaveLength(3);
    // each boundary in the pause between two sentences; the timings cover the file
    for (let i = 0; i < 2; i++) {
      const cut = normal.sentences[i + 1].startMs;
      expect(cut).toBeGreaterThan(truth[i].endMs);
      expect(cut).toBeLessThan(truth[i + 1].startMs);
      expect(normal.sentences[i].endMs).toBe(cut);
    }
    expect(normal.sentences[0].startMs).toBe(0);
    expect(normal.sentences[2].endMs).toBe(normal.durationMs);
    // the slow track: the same recording slowed (pitch kept), timings scaled
    const slow = m.tracks.find((t: { speed: string }) => t.speed === 'slow');
    expect(slow.durationMs / normal.durationMs).toBeCloseTo(1 / 0.75, 1);
    expect(Math.abs(slow.sentences[1].startMs - normal.sentences[1].startMs / 0.75)).toBeLessThan(60);
    // and the dialogue without a recording stays synthetic
    const other = JSON.parse(
      readFileSync(
        join(cat.mediaDir, 'lessons', 'practical-dialogues', 'tiny-talk', 'manifest.json'),
        'utf8',
      ),
    );
    expect(other.source).toBe('synthetic');
  });

  it('applies a timings file and renders nothing more on the next run', async () => {
    const fixed = { p: 0, s: 1, startMs: truth[1].startMs, endMs: truth[1].endMs };
    writeFileSync(join(recDir, 'tiny-1.timings.json'), JSON.stringify({ sentences: [fixed] }));
    await renderCatalogue({
      contentDir: cat.contentDir,
      mediaDir: cat.mediaDir,
      provider,
      only: ['lessons/complete-beginner'],
    });
    const normal = manifest().tracks[0];
    expect(normal.sentences[1]).toEqual(fixed);
    const again = await renderCatalogue({
      contentDir: cat.contentDir,
      mediaDir: cat.mediaDir,
      provider,
      only: ['lessons/complete-beginner'],
    });
    expect(again).toMatchObject({ written: 0, clipsRendered: 0 });
    // a timings file that breaks the order is refused, and the last good files stay
    writeFileSync(
      join(recDir, 'tiny-1.timings.json'),
      JSON.stringify({ sentences: [{ p: 0, s: 1, startMs: 99999, endMs: 100 }] }),
    );
    const bad = await renderCatalogue({
      contentDir: cat.contentDir,
      mediaDir: cat.mediaDir,
      provider,
      only: ['lessons/complete-beginner'],
    });
    expect(bad.failures[0].error).toMatch(/not monotonic/);
    expect(manifest().tracks[0].sentences[1]).toEqual(fixed);
    rmSync(join(recDir, 'tiny-1.timings.json'));
  });

  it('assembles per-sentence recordings, and names the sentences still missing', async () => {
    const dir = join(cat.mediaDir, 'recordings', 'lessons', 'practical-dialogues', 'tiny-talk');
    mkdirSync(dir, { recursive: true });
    for (const [i, text] of ['Cześć, Tomek!', 'Cześć, Ania!'].entries()) {
      const s = await provider.synthesize(text, i ? 'male-1' : 'female-1', 'normal');
      await runFfmpeg(
        ['-f', 's16le', '-ar', '22050', '-ac', '1', '-i', 'pipe:0', '-y', join(dir, `0-${i}.wav`)],
        s.audio,
      );
    }
    const partial = await renderCatalogue({
      contentDir: cat.contentDir,
      mediaDir: cat.mediaDir,
      provider,
      only: ['lessons/practical-dialogues'],
    });
    expect(partial.failures[0].error).toMatch(/no recording for sentence\(s\) 0-2/);
    const s = await provider.synthesize('Jak się masz?', 'female-1', 'normal');
    await runFfmpeg(
      ['-f', 's16le', '-ar', '22050', '-ac', '1', '-i', 'pipe:0', '-y', join(dir, '0-2.flac')],
      s.audio,
    );
    const done = await renderCatalogue({
      contentDir: cat.contentDir,
      mediaDir: cat.mediaDir,
      provider,
      only: ['lessons/practical-dialogues'],
    });
    expect(done.failures).toEqual([]);
    const m = JSON.parse(
      readFileSync(
        join(cat.mediaDir, 'lessons', 'practical-dialogues', 'tiny-talk', 'manifest.json'),
        'utf8',
      ),
    );
    expect(m.source).toBe('recording');
    expect(m.tracks[0].sentences.map((x: { s: number }) => x.s)).toEqual([0, 1, 2]);
  });

  it('finds boundaries only where enough pauses exist', () => {
    const silences = [
      { start: 0, end: 0.3 },
      { start: 1.5, end: 2.3 },
      { start: 2.9, end: 3.1 },
      { start: 4.0, end: 4.9 },
    ];
    expect(boundariesFromSilences(silences, 3, 6000)).toEqual([
      { startMs: 0, endMs: 1900 },
      { startMs: 1900, endMs: 4450 },
      { startMs: 4450, endMs: 6000 },
    ]);
    expect(boundariesFromSilences(silences, 5, 6000)).toBeUndefined();
  });
});
