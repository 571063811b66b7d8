import { isPremiumRole, type TSettingsResponse } from '@polski/contracts';
import type { TTranslate } from '../../../lib/i18n/i18n';
import { formatDate } from '../../../lib/i18n/format';

/** 'Premium Member' or 'Basic' (docs/product.md, "Settings page"). */
export function isPremiumPlan(settings: Pick<TSettingsResponse, 'roles'>): boolean {
  return isPremiumRole(settings.roles);
}

/**
 * 'Premium Access Until' (docs/product.md, "Settings page"): 'Forever' for lifetime access, a long date in the
 * interface language ("November 22, 2027" in English, "22. November 2027" in German; in the reader's time zone) for
 * access that ends, null (the row is hidden) without premium.
 */
export function premiumAccessUntil(
  settings: Pick<TSettingsResponse, 'premiumLifetime' | 'premiumExpirationDate'>,
  t: TTranslate & { readonly locale: string },
): string | null {
  if (settings.premiumLifetime) return t('settings.forever');
  if (!settings.premiumExpirationDate) return null;
  const date = new Date(settings.premiumExpirationDate);
  return Number.isNaN(date.getTime()) ? null : formatDate(date, t.locale, { dateStyle: 'long' });
}
