import { isPremiumRole, type TSettingsResponse } from '@polski/contracts';

export const PLAN_PREMIUM = 'Premium Member';
export const PLAN_BASIC = 'Basic';
export const FOREVER = 'Forever';

const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export function planLabel(settings: Pick<TSettingsResponse, 'roles'>): string {
  return isPremiumRole(settings.roles) ? PLAN_PREMIUM : PLAN_BASIC;
}

/**
 * 'Premium Access Until' (docs/product.md, "Settings page"): 'Forever' for lifetime access, a long en-US date
 * ("November 22, 2027", in the reader's time zone) for access that ends, null (the row is hidden) without premium.
 */
export function premiumAccessUntil(
  settings: Pick<TSettingsResponse, 'premiumLifetime' | 'premiumExpirationDate'>,
): string | null {
  if (settings.premiumLifetime) return FOREVER;
  if (!settings.premiumExpirationDate) return null;
  const date = new Date(settings.premiumExpirationDate);
  return Number.isNaN(date.getTime()) ? null : LONG_DATE.format(date);
}
