import type { TWordStatusValue } from '@polski/contracts';
import type { TTranslate } from '../../../lib/i18n/i18n';

/** The statuses a learner picks from, in order (docs/product.md, "Word statuses"). */
export const STATUS_CHOICES = [
  { key: 'new', label: 'New', value: { status: 'new' } },
  { key: '1', label: '1', value: { status: 'learning', stage: 1 } },
  { key: '2', label: '2', value: { status: 'learning', stage: 2 } },
  { key: '3', label: '3', value: { status: 'learning', stage: 3 } },
  { key: '4', label: '4', value: { status: 'learning', stage: 4 } },
  { key: 'known', label: 'Known', value: { status: 'known' } },
  { key: 'ignored', label: 'Ignored', value: { status: 'ignored' } },
] as const satisfies readonly { key: string; label: string; value: TWordStatusValue }[];

export type TStatusKey = (typeof STATUS_CHOICES)[number]['key'];

export function statusKey(value: TWordStatusValue | undefined): TStatusKey {
  if (!value || value.status === 'new') return 'new';
  if (value.status === 'learning') return String(Math.min(4, Math.max(1, value.stage ?? 1))) as TStatusKey;
  return value.status;
}

/** "New", "Learning (stage 2 of 4)", "Known", "Ignored" (in the interface's language). */
export function statusText(value: TWordStatusValue | undefined, t: TTranslate): string {
  const key = statusKey(value);
  if (key === 'new' || key === 'known' || key === 'ignored') return t('words.status.name', { status: key });
  return t('words.status.learningStage', { stage: key, stages: 4 });
}

/** What a lemma must look like for the learning routes (ZLemmaSchema of libs/contracts learning.ts, zod-free). */
export function isLemma(text: string): boolean {
  return text.length <= 60 && /^\p{L}+(?:[- ']\p{L}+)*$/u.test(text);
}
