import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * An axe builder for the page once it has settled. A dialog that is still fading in has a lower contrast than the
 * one it settles at (a CI run once measured the delete-account dialog mid-fade), so every finite animation on the
 * page (a modal's 180 ms fade and 220 ms rise) finishes first; infinite ones (spinners) are left running.
 */
export async function settledAxe(page: Page): Promise<AxeBuilder> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return new AxeBuilder({ page });
}

/**
 * Serious and critical axe findings on the settled page, as readable lines (none expected). `exclude`: a selector of
 * what not to check (e.g. the toasts, whose contrast is measured mid-fade when one is easing in or out).
 */
export async function seriousA11yViolations(
  page: Page,
  { exclude }: { exclude?: string } = {},
): Promise<string[]> {
  const builder = await settledAxe(page);
  if (exclude) builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
