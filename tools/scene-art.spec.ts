// The scene illustrations of the video stories (tools/scene-art.ts): the real catalogue is complete, and the check
// finds a missing illustration, an illustration without a scene, and an unsafe or inaccessible SVG.
// Run: npx jest -c tools/jest.config.js tools/scene-art.spec.ts
import { copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { findScenes, HUB_IDS } from '@polski/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the check reads lesson files as the API does, by path
import { loadContentFile } from '../apps/api/src/modules/content/content-loader';
import {
  HUB_ART_DIR,
  hubArtProblems,
  SCENE_ART_DIR,
  SCENE_HUB,
  sceneArtProblems,
  stateArtProblems,
  svgProblems,
  type TSceneStory,
} from './scene-art';

const STORIES_DIR = resolve(__dirname, '../content/lessons', SCENE_HUB);
const stories: TSceneStory[] = readdirSync(STORIES_DIR).flatMap((f) => {
  const r = loadContentFile(join(STORIES_DIR, f));
  return r.ok && r.kind === 'lesson' ? [r.data as TSceneStory] : [];
});

const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});
function copyOfArt(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scene-art-'));
  temps.push(dir);
  cpSync(SCENE_ART_DIR, dir, { recursive: true });
  return dir;
}

describe('scene illustrations of the video stories', () => {
  it('every yt-stories scene has its illustration and every illustration its scene', () => {
    expect(stories.length).toBe(5);
    const scenes = stories.reduce((n, s) => n + findScenes(s).length, 0);
    expect(scenes).toBe(25);
    expect(sceneArtProblems(stories)).toEqual([]);
  });

  it('reports a missing illustration and one without a scene', () => {
    const dir = copyOfArt();
    rmSync(join(dir, 'kopalnia-soli', '3.svg'));
    copyFileSync(join(dir, 'kopalnia-soli', '1.svg'), join(dir, 'kopalnia-soli', '6.svg'));
    cpSync(join(dir, 'kopalnia-soli'), join(dir, 'no-such-story'), { recursive: true });
    const problems = sceneArtProblems(stories, dir);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/kopalnia-soli\/3\.svg: missing \(scene 3 of kopalnia-soli\)/);
    expect(problems[1]).toMatch(/kopalnia-soli\/6\.svg: no scene of kopalnia-soli has this illustration/);
    expect(problems[2]).toMatch(/no-such-story: no video story has the slug/);
  });

  it('reports a story whose marks skip a number', () => {
    const story = structuredClone(stories.find((s) => s.slug === 'kopalnia-soli')) as TSceneStory;
    story.paragraphs[2].sentences[0].pl = 'Scena czwarta: kaplica świętej Kingi.';
    const others = stories.filter((s) => s.slug !== story.slug);
    expect(sceneArtProblems([story, ...others])).toEqual([
      expect.stringContaining('scene 4 comes where scene 3 should'),
    ]);
  });

  it('refuses an SVG without its title or alt text, too big, with a script or a remote file', () => {
    const ok =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"><title>A lake</title><desc>A boat on a lake.</desc></svg>';
    expect(svgProblems(ok, ok.length)).toEqual([]);
    expect(svgProblems(ok.replace('<title>A lake</title>', ''), 100)).toEqual(['has no <title>']);
    expect(svgProblems(ok.replace('<desc>A boat on a lake.</desc>', ''), 100)).toEqual([
      'has no <desc> (its alt text)',
    ]);
    expect(svgProblems(ok.replace('A boat on a lake.', 'A boat. A lake.'), 100)).toEqual([
      '<desc> must be one English sentence: "A boat. A lake."',
    ]);
    expect(svgProblems(ok, 16 * 1024)).toEqual([`${16 * 1024} bytes, over the limit of ${15 * 1024}`]);
    expect(svgProblems(ok.replace('</svg>', '<script>alert(1)</script></svg>'), 100)).toEqual([
      'has a script, foreignObject or event attribute',
    ]);
    expect(svgProblems(ok.replace('</svg>', '<image href="https://example.com/x.png"/></svg>'), 100)).toEqual(
      ['refers to another file'],
    );
  });

  it('a file the check refuses makes validate-content fail', () => {
    const dir = copyOfArt();
    writeFileSync(
      join(dir, 'morsy-w-sopocie', '2.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"/>',
    );
    const problems = sceneArtProblems(stories, dir);
    expect(problems).toEqual([
      expect.stringMatching(/morsy-w-sopocie\/2\.svg: has no <title>$/),
      expect.stringMatching(/morsy-w-sopocie\/2\.svg: has no <desc>/),
    ]);
  });
});

describe('hub illustrations', () => {
  it("gives every hub its illustration, each small, safe and described, like the pages' other pictures", () => {
    expect(hubArtProblems(HUB_IDS)).toEqual([]);
    expect(stateArtProblems()).toEqual([]);
  });

  it('names a missing illustration, a stray file and a broken one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-art-'));
    try {
      const ok = readFileSync(join(HUB_ART_DIR, 'mini-stories.svg'), 'utf8');
      writeFileSync(join(dir, 'mini-stories.svg'), ok);
      writeFileSync(join(dir, 'moon.svg'), ok);
      writeFileSync(
        join(dir, 'short-stories.svg'),
        ok.replace('viewBox="0 0 320 200"', 'viewBox="0 0 640 360"'),
      );
      expect(hubArtProblems(['mini-stories', 'short-stories', 'yt-stories'], dir)).toEqual([
        `${join(dir, 'yt-stories')}.svg: missing`,
        `${join(dir, 'moon.svg')}: no hub has the id "moon"`,
        `${join(dir, 'short-stories.svg')}: viewBox is not "0 0 320 200" (the size its page gives it)`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
