import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { ROLES, ZLessonResponseSchema, type TLessonFile } from '@polski/contracts';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { workspacePath } from '../../lib/paths';
import { createTestApp, type TTestApp } from '../../../test/support/test-app';
import { writeLessonMedia } from '../../../test/support/media-fixture';
import { createContentModule, loadCatalogue } from './index';
import { paths, type TMediaManifest } from './media/layout';
import { MediaSigner } from './media/signing';
import { MediaStore } from './media/store';

/**
 * Lesson media (docs/api.md, "Lesson media") with the real catalogue and a temporary media folder holding real MP3
 * files: the `media` block, `preparing` until the files exist, public free files, signed premium files.
 */
describe('lesson media', () => {
  let t: TTestApp;
  let now = new Date();
  const clock = { now: () => now };
  const catalogue = loadCatalogue(workspacePath('content'));
  const free = catalogue.lesson('complete-beginner', 'complete-beginner-1')!;
  const premium = catalogue.lesson('complete-beginner', 'complete-beginner-2')!;
  const unrendered = catalogue.lesson('complete-beginner', 'complete-beginner-3')!;
  let media: string;
  let freeManifest: TMediaManifest;
  let premiumManifest: TMediaManifest;

  beforeAll(async () => {
    t = await createTestApp({ modules: [createContentModule()], clock });
    media = t.config.MEDIA_DIR!;
  });
  afterAll(async () => {
    await t.close();
    rmSync(media, { recursive: true, force: true });
  });

  const get = (url: string, token?: string) => {
    const r = request(t.app)
      .get(url)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    return token ? r.set('Authorization', `Bearer ${token}`) : r;
  };
  const json = (res: { body: Buffer }) => JSON.parse(res.body.toString('utf8'));
  const lesson = async (l: TLessonFile, token?: string) => {
    const res = await get(`/api/content/lessons/${l.hub}/${l.slug}`, token);
    expect(res.status).toBe(200);
    return ZLessonResponseSchema.parse(json(res));
  };

  async function signUp(isPremium: boolean): Promise<{ token: string; id: string }> {
    const body = makeRegisterRequest();
    const res = await request(t.app).post('/api/account/register').send(body);
    const db = t.database.db;
    const user = await db.user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
    if (isPremium) {
      const role = await db.role.findUniqueOrThrow({ where: { name: ROLES.premium } });
      await db.userRole.create({ data: { userId: user.id, roleId: role.id } });
      await db.user.update({ where: { id: user.id }, data: { premiumUntil: new Date(Date.now() + 86_400_000) } });
      t.deps.services.users.invalidate(user.id);
    }
    return { token: res.body.token, id: user.id };
  }

  it('says `preparing` while a lesson has no rendered audio, then `ready` once the files exist', async () => {
    const before = await lesson(free);
    expect(before.media).toEqual({ status: 'preparing', source: 'synthetic', voiceLabel: 'Synthetic voice (eSpeak NG)', provider: 'espeak', tracks: [] });
    expect(before.audioUrl).toBeUndefined();

    freeManifest = writeLessonMedia(media, free, 3);
    const after = await lesson(free);
    const track = freeManifest.tracks[0];
    expect(after.media).toMatchObject({ status: 'ready', source: 'synthetic', voiceLabel: 'Synthetic voice (eSpeak NG)', provider: 'espeak' });
    expect(after.media!.tracks).toEqual([
      {
        speed: 'normal',
        url: `/api/content/media/lessons/complete-beginner/complete-beginner-1/${track.file}`,
        durationMs: track.durationMs,
        bytes: track.bytes,
        sentences: track.sentences,
      },
    ]);
    expect(after.audioUrl).toBe(after.media!.tracks[0].url);
    const [word, hash] = Object.entries(freeManifest.words!)[0];
    expect(after.media!.words![word]).toBe(`/api/content/media/lessons/complete-beginner/complete-beginner-1/w-${hash}.mp3`);
    // the hub list counts what speaks the lessons (docs/product.md, "Honest claims")
    const hub = json(await get('/api/content/hubs/complete-beginner'));
    expect(hub.hub.audio).toMatchObject({ ready: 1, synthetic: 1, recording: 0, neural: 0 });
  });

  it('serves a free lesson\'s track and words to anyone, with ranges, cacheable for good', async () => {
    const url = (await lesson(free)).media!.tracks[0].url;
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const file = readFileSync(join(paths.lesson(media, free.hub, free.slug), freeManifest.tracks[0].file));
    expect(Buffer.compare(res.body, file)).toBe(0);
    const part = await get(url).set('Range', 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${file.length}`);
    expect(Buffer.compare(part.body, file.subarray(100, 200))).toBe(0);
    const wordUrl = Object.values((await lesson(free)).media!.words!)[0];
    expect((await get(wordUrl)).status).toBe(200);
    // only files the manifest names: another hash, a path, the manifest itself
    for (const f of ['w-0123456789abcdef0123.mp3', 'normal-0123456789abcdef0123.mp3', 'manifest.json', '..%2Fmanifest.json'])
      expect((await get(`/api/content/media/lessons/complete-beginner/complete-beginner-1/${f}`)).status).toBe(404);
    // the older route serves the normal track too
    expect((await get('/api/content/media/lessons/complete-beginner/complete-beginner-1/audio')).status).toBe(200);
  });

  it('signs a premium lesson\'s media for its reader; the file answers 200 and 206 to that URL', async () => {
    premiumManifest = writeLessonMedia(media, premium, 2);
    const reader = await signUp(true);
    const answer = await lesson(premium, reader.token);
    const url = answer.media!.tracks[0].url;
    expect(url).toMatch(new RegExp(`^/api/content/media/lessons/complete-beginner/complete-beginner-2/${premiumManifest.tracks[0].file}\\?exp=\\d+&uid=${reader.id}&sig=[A-Za-z0-9_-]{43}$`));
    expect(answer.audioUrl).toBe(url);
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.length).toBe(premiumManifest.tracks[0].bytes);
    const part = await get(url).set('Range', 'bytes=0-9');
    expect(part.status).toBe(206);
    expect(part.body.length).toBe(10);
    // a word of the premium lesson is signed the same way
    const word = Object.values(answer.media!.words!)[0];
    expect(word).toContain('?exp=');
    expect((await get(word)).status).toBe(200);
  });

  it('refuses premium files without a signature, with a forged or another user\'s one (403, nothing of the file)', async () => {
    const reader = await signUp(true);
    const url = (await lesson(premium, reader.token)).media!.tracks[0].url;
    const bare = url.split('?')[0];
    const member = await signUp(false);
    const cases: [string, string | undefined, string][] = [
      [bare, undefined, 'media_link_invalid'],
      [bare, member.token, 'media_link_invalid'],
      [url.replace(/sig=./, (s) => (s.endsWith('A') ? 'sig=B' : 'sig=A')), undefined, 'media_link_invalid'],
      [url.replace(`uid=${reader.id}`, `uid=${member.id}`), undefined, 'media_link_invalid'],
      [url.replace(/exp=(\d+)/, (_, e) => `exp=${Number(e) + 3600}`), undefined, 'media_link_invalid'],
      [`${bare}?exp=abc&uid=x&sig=y`, undefined, 'media_link_invalid'],
    ];
    for (const [u, token, code] of cases) {
      const res = await get(u, token);
      expect(res.status).toBe(403);
      expect(json(res)).toEqual({ status: 403, code, message: expect.any(String), requestId: expect.any(String) });
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    // a Member never gets the lesson, so never a signed URL
    expect((await get(`/api/content/lessons/complete-beginner/complete-beginner-2`, member.token)).status).toBe(403);
    expect((await get('/api/content/media/lessons/complete-beginner/complete-beginner-2/audio', member.token)).status).toBe(403);
    expect((await get('/api/content/media/lessons/complete-beginner/complete-beginner-2/audio')).status).toBe(403);
  });

  it('refuses an expired signature (403 media_link_expired)', async () => {
    const reader = await signUp(true);
    const url = (await lesson(premium, reader.token)).media!.tracks[0].url;
    now = new Date(Date.now() + 7 * 3600_000);
    try {
      const res = await get(url);
      expect(res.status).toBe(403);
      expect(json(res).code).toBe('media_link_expired');
    } finally {
      now = new Date();
    }
    // the signer itself: an expiry in the past never verifies
    const signer = new MediaSigner(t.config.jwtSecret);
    const q = signer.sign('lessons/a/b', 'u1', new Date(Date.now() - 8 * 3600_000));
    expect(() => signer.verify('lessons/a/b', q, new Date())).toThrow(/expired/);
    expect(signer.verify('lessons/a/b', q, new Date(Date.now() - 8 * 3600_000))).toBe('u1');
    expect(() => signer.verify('lessons/a/c', q, new Date(Date.now() - 8 * 3600_000))).toThrow(/not valid/);
  });

  it('refuses a signed URL once its user has lost premium (fresh check through the user cache)', async () => {
    const reader = await signUp(true);
    const url = (await lesson(premium, reader.token)).media!.tracks[0].url;
    expect((await get(url)).status).toBe(200);
    await t.database.db.user.update({ where: { id: reader.id }, data: { premiumUntil: new Date(Date.now() - 1000) } });
    t.deps.services.users.invalidate(reader.id);
    const res = await get(url);
    expect(res.status).toBe(403);
    expect(json(res).code).toBe('premium_required');
    expect(res.body.length).toBeLessThan(300);
  });

  it('answers 404 for a lesson whose audio is not rendered, or whose text changed since', async () => {
    const reader = await signUp(true);
    expect((await lesson(unrendered, reader.token)).media!.status).toBe('preparing');
    expect((await get('/api/content/media/lessons/complete-beginner/complete-beginner-3/audio', reader.token)).status).toBe(404);
    // a manifest for other text: stale, so preparing (its source still said)
    const dir = paths.lesson(media, unrendered.hub, unrendered.slug);
    writeLessonMedia(media, unrendered, 1, 'recording');
    const file = join(dir, 'manifest.json');
    const m = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...m, textKey: 'other' }));
    const answer = await lesson(unrendered, reader.token);
    expect(answer.media).toMatchObject({ status: 'preparing', source: 'recording', tracks: [] });
    expect((await get(`/api/content/media/lessons/complete-beginner/complete-beginner-3/${m.tracks[0].file}`)).status).toBe(403);
    expect((await get('/api/content/media/lessons/complete-beginner/no-such-lesson/normal-0123456789abcdef0123.mp3')).status).toBe(404);
  });
});

describe('MediaStore (manifest reading)', () => {
  const catalogue = loadCatalogue(workspacePath('content'));
  const free = catalogue.lesson('complete-beginner', 'complete-beginner-1')!;

  it('reads a manifest again only when the file changes, and ignores an invalid one', () => {
    const dir = join(require('node:os').tmpdir(), `polski-store-${process.pid}`);
    rmSync(dir, { recursive: true, force: true });
    const store = new MediaStore(dir);
    expect(store.lesson(free)).toEqual({ stamp: 'none', dir: paths.lesson(dir, free.hub, free.slug) });
    const m = writeLessonMedia(dir, free, 1);
    const first = store.lesson(free);
    expect(first.ready).toEqual(m);
    expect(store.lesson(free).ready).toBe(first.ready); // the cached object: not parsed again
    const file = join(paths.lesson(dir, free.hub, free.slug), 'manifest.json');
    writeFileSync(file, '{"version": 1, broken');
    const broken = store.lesson(free);
    expect(broken.ready).toBeUndefined();
    expect(broken.stamp).not.toBe(first.stamp);
    // a track file deleted: not ready
    writeFileSync(file, JSON.stringify(m));
    rmSync(join(paths.lesson(dir, free.hub, free.slug), m.tracks[0].file));
    expect(store.lesson(free).ready).toBeUndefined();
    mkdirSync(dir, { recursive: true });
    rmSync(dir, { recursive: true, force: true });
  });
});
