// The scene illustrations of the video stories (docs/content.md, "Video Stories: scenes and illustrations"): every
// scene a yt-stories text marks ("Scena pierwsza: …") has apps/web/src/assets/scenes/<slug>/<n>.svg, every
// illustration has its scene, and each file is a small, safe, accessible SVG. tools/validate-content.ts runs it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findScenes, SceneMarkError, type TSceneText } from '@polski/contracts';

export const SCENE_HUB = 'yt-stories';
export const SCENE_ART_DIR = resolve(__dirname, '../apps/web/src/assets/scenes');
/** Each illustration stays under 15 KB (a chunk of its own, fetched when its scene shows). */
export const SCENE_ART_MAX_BYTES = 15 * 1024;
/** The hubs' illustrations (the cards of /learn-polish): apps/web/src/assets/illustrations/hubs/<hub>.svg. */
export const HUB_ART_DIR = resolve(__dirname, '../apps/web/src/assets/illustrations/hubs');
export const HUB_ART_VIEWBOX = '0 0 320 200';
/** The other pictures of the site (home sections, empty states), same size: apps/web/src/assets/illustrations/states. */
export const STATE_ART_DIR = resolve(__dirname, '../apps/web/src/assets/illustrations/states');

export interface TSceneStory extends TSceneText {
  slug: string;
}

/** The problems of one SVG's text: its size, <title>, one-sentence <desc> (the alt text), nothing active or remote. */
export function svgProblems(svg: string, bytes: number, viewBox = '0 0 640 360'): string[] {
  const out: string[] = [];
  if (bytes > SCENE_ART_MAX_BYTES) out.push(`${bytes} bytes, over the limit of ${SCENE_ART_MAX_BYTES}`);
  if (!/^<svg\b[^>]*\bxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg.trimStart())) {
    out.push('does not start with <svg xmlns="http://www.w3.org/2000/svg">');
  }
  if (!svg.includes(`viewBox="${viewBox}"`))
    out.push(`viewBox is not "${viewBox}" (the size its page gives it)`);
  const title = /<title>([^<]+)<\/title>/.exec(svg)?.[1]?.trim();
  if (!title) out.push('has no <title>');
  const desc = /<desc>([^<]+)<\/desc>/.exec(svg)?.[1]?.trim();
  if (!desc) out.push('has no <desc> (its alt text)');
  else {
    const sentences = desc.split(/(?<=[.!?])\s+(?=[A-Z])/).length;
    if (sentences !== 1 || !/[.!?]$/.test(desc)) out.push(`<desc> must be one English sentence: "${desc}"`);
    if (desc.length > 250) out.push(`<desc> is ${desc.length} characters; alt text stays under 250`);
  }
  if (/<script\b|<foreignObject\b|\son[a-z]+\s*=/i.test(svg))
    out.push('has a script, foreignObject or event attribute');
  if (/(?:href|src)\s*=\s*["'](?!#)/i.test(svg) || /url\(\s*['"]?(?!#)/i.test(svg))
    out.push('refers to another file');
  return out;
}

/**
 * Every problem of the scene illustrations of `stories` in `dir`, as "path: problem" lines; [] when all is well.
 */
export function sceneArtProblems(stories: readonly TSceneStory[], dir = SCENE_ART_DIR): string[] {
  const problems: string[] = [];
  const slugs = new Set(stories.map((s) => s.slug));
  for (const story of stories) {
    let numbers: number[];
    try {
      numbers = findScenes(story).map((s) => s.number);
    } catch (e) {
      if (!(e instanceof SceneMarkError)) throw e;
      problems.push(`content/lessons/${SCENE_HUB}/${story.slug}.yaml: ${e.message}`);
      continue;
    }
    if (!numbers.length)
      problems.push(`content/lessons/${SCENE_HUB}/${story.slug}.yaml: marks no scene ("Scena pierwsza: …")`);
    const folder = join(dir, story.slug);
    const files = existsSync(folder) ? readdirSync(folder) : [];
    for (const n of numbers) {
      if (!files.includes(`${n}.svg`))
        problems.push(`${folder}/${n}.svg: missing (scene ${n} of ${story.slug})`);
    }
    for (const f of files) {
      const path = join(folder, f);
      const m = /^(\d+)\.svg$/.exec(f);
      if (!m || !numbers.includes(Number(m[1]))) {
        problems.push(
          `${path}: no scene of ${story.slug} has this illustration (scenes: ${numbers.join(', ')})`,
        );
        continue;
      }
      const text = readFileSync(path, 'utf8');
      for (const p of svgProblems(text, statSync(path).size)) problems.push(`${path}: ${p}`);
    }
  }
  if (existsSync(dir)) {
    for (const f of readdirSync(dir)) {
      if (!slugs.has(f)) problems.push(`${join(dir, f)}: no video story has the slug "${f}"`);
    }
  }
  return problems;
}

/** Every hub has its illustration, every illustration its hub, and each is a small, safe, accessible SVG. */
export function hubArtProblems(hubIds: readonly string[], dir = HUB_ART_DIR): string[] {
  const problems: string[] = [];
  const files = existsSync(dir) ? readdirSync(dir) : [];
  for (const id of hubIds) if (!files.includes(`${id}.svg`)) problems.push(`${join(dir, id)}.svg: missing`);
  for (const f of files) {
    const path = join(dir, f);
    if (!f.endsWith('.svg') || !hubIds.includes(f.slice(0, -4))) {
      problems.push(`${path}: no hub has the id "${f.replace(/\.svg$/, '')}"`);
      continue;
    }
    const text = readFileSync(path, 'utf8');
    for (const p of svgProblems(text, statSync(path).size, HUB_ART_VIEWBOX)) problems.push(`${path}: ${p}`);
  }
  return problems;
}

/** Every picture of `dir` is a small, safe, accessible SVG of the hubs' size. */
export function stateArtProblems(dir = STATE_ART_DIR): string[] {
  const problems: string[] = [];
  for (const f of existsSync(dir) ? readdirSync(dir) : []) {
    const path = join(dir, f);
    if (!f.endsWith('.svg')) {
      problems.push(`${path}: not an SVG`);
      continue;
    }
    for (const p of svgProblems(readFileSync(path, 'utf8'), statSync(path).size, HUB_ART_VIEWBOX))
      problems.push(`${path}: ${p}`);
  }
  return problems;
}
