import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ROLES } from '@polski/contracts';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { workspacePath } from '../../lib/paths';
import { createTestApp, type TTestApp } from '../../../test/support/test-app';
import { createContentModule } from './index';

/**
 * Lesson media with a small catalogue in a temporary folder: complete-beginner-1 (free) and -2 (premium) have
 * audio files, -3 (premium) has none, -4 (premium) names a file that is not there.
 */
describe('lesson media', () => {
  let t: TTestApp;
  let dir: string;
  const FREE_AUDIO = Buffer.from('ID3\u0003free-audio-bytes');
  const PREMIUM_AUDIO = Buffer.from('ID3\u0003premium-audio-bytes-0123456789');

  beforeAll(async () => {
    // under a dot folder on purpose: media must still be served from such a deployment path
    dir = mkdtempSync(join(tmpdir(), '.polski-media-'));
    const hubDir = join(dir, 'lessons', 'complete-beginner');
    mkdirSync(hubDir, { recursive: true });
    const src = (slug: string) => readFileSync(workspacePath('content', 'lessons', 'complete-beginner', `${slug}.yaml`), 'utf8');
    writeFileSync(join(hubDir, 'complete-beginner-1.yaml'), src('complete-beginner-1') + 'audio: cb-1.mp3\n');
    writeFileSync(join(hubDir, 'complete-beginner-2.yaml'), src('complete-beginner-2') + 'audio: cb-2.mp3\n');
    cpSync(workspacePath('content', 'lessons', 'complete-beginner', 'complete-beginner-3.yaml'), join(hubDir, 'complete-beginner-3.yaml'));
    writeFileSync(join(hubDir, 'complete-beginner-4.yaml'), src('complete-beginner-4') + 'audio: missing.mp3\n');
    cpSync(workspacePath('content', 'grammar'), join(dir, 'grammar'), { recursive: true });
    const media = join(dir, 'media', 'lessons', 'complete-beginner');
    mkdirSync(media, { recursive: true });
    writeFileSync(join(media, 'cb-1.mp3'), FREE_AUDIO);
    writeFileSync(join(media, 'cb-2.mp3'), PREMIUM_AUDIO);
    t = await createTestApp({ modules: [createContentModule({ contentDir: dir })] });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const audio = (slug: string, token?: string) => {
    const r = request(t.app)
      .get(`/api/content/media/lessons/complete-beginner/${slug}/audio`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    return token ? r.set('Authorization', `Bearer ${token}`) : r;
  };

  async function signUp(premium: boolean): Promise<string> {
    const body = makeRegisterRequest();
    const res = await request(t.app).post('/api/account/register').send(body);
    if (premium) {
      const db = t.database.db;
      const user = await db.user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
      const role = await db.role.findUniqueOrThrow({ where: { name: ROLES.premium } });
      await db.userRole.create({ data: { userId: user.id, roleId: role.id } });
      await db.user.update({ where: { id: user.id }, data: { premiumUntil: new Date(Date.now() + 86_400_000) } });
    }
    return res.body.token;
  }

  it('links the audio from the lesson', async () => {
    const res = await request(t.app).get('/api/content/lessons/complete-beginner/complete-beginner-1');
    expect(res.body.audio).toBe('cb-1.mp3');
    expect(res.body.audioUrl).toBe('/api/content/media/lessons/complete-beginner/complete-beginner-1/audio');
    const none = await request(t.app).get('/api/content/hubs/complete-beginner');
    expect(none.body.lessons).toHaveLength(4);
  });

  it('serves a free lesson audio to anyone, publicly cacheable', async () => {
    const res = await audio('complete-beginner-1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=3600');
    expect(Buffer.compare(res.body, FREE_AUDIO)).toBe(0);
  });

  it('refuses premium audio to an anonymous visitor and to a Member (403, private)', async () => {
    for (const token of [undefined, await signUp(false)]) {
      const res = await audio('complete-beginner-2', token);
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(res.body.toString('utf8'));
      expect(body).toEqual({ status: 403, code: 'premium_required', message: 'This lesson is part of Premium', requestId: expect.any(String) });
      expect(res.body.includes(PREMIUM_AUDIO)).toBe(false);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('serves premium audio to a premium user, privately, with ranges for seeking', async () => {
    const token = await signUp(true);
    const res = await audio('complete-beginner-2', token);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body, PREMIUM_AUDIO)).toBe(0);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/Authorization/);
    const part = await audio('complete-beginner-2', token).set('Range', 'bytes=0-3');
    expect(part.status).toBe(206);
    expect(part.body.toString('latin1')).toBe('ID3\u0003');
  });

  it('answers 404 for a lesson without audio, a missing file and an unknown lesson', async () => {
    const token = await signUp(true);
    const none = await audio('complete-beginner-3', token);
    expect(none.status).toBe(404);
    expect(JSON.parse(none.body.toString('utf8')).message).toBe('This lesson has no audio');
    expect((await audio('complete-beginner-4', token)).status).toBe(404);
    expect((await audio('complete-beginner-9', token)).status).toBe(404);
    // without premium the answer is 403 before anything is said about the media
    expect((await audio('complete-beginner-3')).status).toBe(403);
  });
});
