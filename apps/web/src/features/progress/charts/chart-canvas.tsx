import { useEffect, useRef } from 'react';
import type { ChartConfiguration } from 'chart.js';

export interface TChartCanvasProps {
  /** The chart; give the same object while the data is the same (useMemo), or the chart is drawn anew. */
  config: ChartConfiguration;
  /** What the chart shows in one or two sentences: the canvas's text for assistive technology. */
  summary: string;
  className?: string;
}

let chartModule: Promise<typeof import('./chart-setup')> | undefined;
/** Chart.js, loaded once for every chart of the page. */
const loadChart = () => (chartModule ??= import('./chart-setup'));

/**
 * A Chart.js chart on a canvas. The library loads with the first chart drawn (chart-setup.ts); the canvas is an
 * image whose name is `summary`, and each chart has its data as a table beside it too.
 */
export function ChartCanvas({ config, summary, className }: TChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    let chart: { destroy(): void } | undefined;
    void loadChart().then(({ Chart }) => {
      if (cancelled || !canvas.current) return;
      chart = new Chart(canvas.current, config);
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [config]);
  return (
    <div className={`chart-box${className ? ` ${className}` : ''}`}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
