import { rmSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { STORY_OF_THE_DAY, ZJsonChaptersSchema, ZStoryOfTheDayResponseSchema, type THubSummary } from '@polski/contracts';
import { workspacePath } from '../../lib/paths';
import { createTestApp, type TTestApp } from '../../../test/support/test-app';
import { writeEpisodeMedia, writeLessonMedia, writeStoryMedia } from '../../../test/support/media-fixture';
import { createContentModule, loadCatalogue } from './index';

/**
 * What the media folder holds, as the API reports it (docs/api.md, "Lesson media", "Story of the day", "Podcast
 * chapters"): the hubs' audio summary the site's claims come from, the home page's sentence, the episodes' chapters.
 */
describe('audio summary, Story of the day and podcast chapters', () => {
  let t: TTestApp;
  const catalogue = loadCatalogue(workspacePath('content'));
  let media: string;

  beforeAll(async () => {
    t = await createTestApp({ modules: [createContentModule()] });
    media = t.config.MEDIA_DIR!;
  });
  afterAll(async () => {
    await t.close();
    rmSync(media, { recursive: true, force: true });
  });

  const hubAudio = async (id: string) => {
    const res = await request(t.app).get('/api/content/hubs');
    expect(res.status).toBe(200);
    return (res.body as THubSummary[]).find((h) => h.id === id)!.audio!;
  };

  it("the hubs' audio summary follows the media manifests: what is ready, and from which source", async () => {
    const hub = catalogue.hub('complete-beginner')!;
    const [a, b] = hub.lessons;
    expect(await hubAudio(hub.id)).toEqual({ lessons: hub.lessons.length, ready: 0, recording: 0, neural: 0, synthetic: 0 });
    writeLessonMedia(media, a, 1, 'synthetic');
    expect(await hubAudio(hub.id)).toMatchObject({ ready: 1, recording: 0, synthetic: 1 });
    writeLessonMedia(media, b, 1, 'recording');
    expect(await hubAudio(hub.id)).toMatchObject({ ready: 2, recording: 1, synthetic: 1 });
    // a recording replacing the synthesis of the first lesson
    writeLessonMedia(media, a, 2, 'recording');
    expect(await hubAudio(hub.id)).toMatchObject({ ready: 2, recording: 2, synthetic: 0 });
    // a deleted track: that lesson's audio is no longer ready
    rmSync(join(media, 'lessons', b.hub, b.slug), { recursive: true, force: true });
    expect(await hubAudio(hub.id)).toMatchObject({ ready: 1, recording: 1 });
    // another hub is untouched
    expect(await hubAudio(catalogue.hubs.find((h) => h.id !== hub.id)!.id)).toMatchObject({ ready: 0 });
  });

  it('Story of the day: its sentence, `preparing` until rendered, then a free track that plays', async () => {
    const before = await request(t.app).get('/api/content/story-of-the-day');
    expect(before.status).toBe(200);
    expect(ZStoryOfTheDayResponseSchema.parse(before.body)).toMatchObject({
      pl: STORY_OF_THE_DAY.pl,
      en: STORY_OF_THE_DAY.en,
      media: { status: 'preparing', tracks: [] },
    });
    const manifest = writeStoryMedia(media, 2);
    const after = await request(t.app).get('/api/content/story-of-the-day');
    const track = after.body.media.tracks[0];
    expect(after.body.media).toMatchObject({ status: 'ready', source: 'synthetic', voiceLabel: 'Synthetic voice (eSpeak NG)' });
    expect(track).toMatchObject({ speed: 'normal', bytes: manifest.tracks[0].bytes });
    expect(track.url).toBe(`/api/content/media/story/${manifest.tracks[0].file}`);
    const file = await request(t.app).get(track.url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(Number(file.headers['content-length'])).toBe(manifest.tracks[0].bytes);
    // no other file of the folder, no path
    for (const bad of ['manifest.json', 'normal-00000000000000000000.mp3', '..%2Fmanifest.json'])
      expect((await request(t.app).get(`/api/content/media/story/${bad}`)).status).toBe(404);
  });

  it("an episode's chapters take their start times from the rendered timings of their first lines", async () => {
    const entry = catalogue.episode('ordering-food-in-poland')!;
    const declared = entry.data.chapters!;
    expect(declared.length).toBeGreaterThan(3);
    const url = `/api/content/podcast/${entry.data.slug}`;
    // before the render: titles and lines, no times; no JSON chapters
    const preparing = (await request(t.app).get(url)).body;
    expect(preparing.chapters).toEqual(declared.map((c) => ({ title: c.title, line: c.line })));
    const none = await request(t.app).get(`${url}/chapters`);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('audio_not_available');

    const manifest = writeEpisodeMedia(media, entry.data, 30);
    const timings = manifest.tracks[0].sentences;
    const ready = (await request(t.app).get(url)).body;
    expect(ready.chapters).toEqual(
      declared.map((c) => ({ title: c.title, line: c.line, startMs: timings.find((s) => s.s === c.line)!.startMs })),
    );
    expect(ready.chapters[1].startMs).toBeGreaterThan(0);
    const json = await request(t.app).get(`${url}/chapters`);
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json\+chapters/);
    expect(json.headers.etag).toBeTruthy();
    const parsed = ZJsonChaptersSchema.parse(JSON.parse(json.text));
    expect(parsed.title).toBe(entry.data.title);
    expect(parsed.chapters).toEqual(ready.chapters.map((c: { title: string; startMs: number }) => ({ title: c.title, startTime: c.startMs / 1000 })));
    expect((await request(t.app).get('/api/content/podcast/no-such-episode/chapters')).status).toBe(404);
  });
});
