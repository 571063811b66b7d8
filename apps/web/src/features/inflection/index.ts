import { createElement, lazy, Suspense } from 'react';
import type { TInflectionPos } from '@polski/contracts';
import { t } from '../../lib/i18n/i18n';
import type { TInflectionTablesProps } from './components/inflection-tables';

export type { TInflectionTablesProps };

const Tables = lazy(() =>
  import('./components/inflection-tables').then((m) => ({ default: m.InflectionTables })),
);

/** The inflection tables, loaded (code and data) only when first shown. */
export function InflectionTables(props: TInflectionTablesProps) {
  return createElement(
    Suspense,
    {
      fallback: createElement(
        'p',
        { className: 'inflection-muted', role: 'status' },
        t('inflection.loading'),
      ),
    },
    createElement(Tables, props),
  );
}

/** INFLECTION_POS of the contracts, written out: its module builds zod schemas, kept off the lesson's first paint. */
const INFLECTION_POS = ['noun', 'adjective', 'pronoun', 'verb'] as const satisfies readonly TInflectionPos[];

/** The part of speech the inflection route takes for a word's part of speech, or null (nothing to inflect). */
export function inflectionPos(pos: string | undefined): TInflectionPos | null {
  const p = pos?.toLowerCase();
  if (p === 'adj') return 'adjective';
  if (p === 'proper noun') return 'noun';
  return p && (INFLECTION_POS as readonly string[]).includes(p) ? (p as TInflectionPos) : null;
}
