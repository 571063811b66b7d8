/** The site's colours (styles/tokens) as the canvas needs them: Chart.js cannot read CSS variables. */
export const COLORS = {
  brand: '#b3123a',
  brandSoft: 'rgba(179, 18, 58, 0.12)',
  remaining: '#e8e2d8',
  grid: '#ece7df',
  empty: '#f1ede6',
  frozen: '#7aa7d9',
  /** activity levels, lightest to darkest (1-2, 3-5, 6-10, more items) */
  levels: ['#f3b6c4', '#e26b88', '#c42a50', '#8c0e2d'],
} as const;
