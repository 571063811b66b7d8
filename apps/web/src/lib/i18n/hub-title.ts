import type { THubId } from '@polski/contracts';
import type { TMessageKey } from './i18n';

/**
 * The catalogue key of a hub's title: the spec's English title in en.json (word for word), the learner's language
 * elsewhere (docs/i18n.md, "Translated areas").
 */
export const hubTitleKey = (id: THubId): TMessageKey => `hubs.title.${id}`;
