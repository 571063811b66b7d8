/**
 * Chart.js with only what the progress page draws (tree-shaken: bar, line and chartjs-chart-matrix's calendar,
 * category and linear scales, tooltips). Loaded by ChartCanvas on demand, so it is in no page's first download.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { MatrixController, MatrixElement } from 'chartjs-chart-matrix';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  MatrixController,
  MatrixElement,
);
// the charts appear once and do not move: no animation (and nothing to reduce for reduced-motion users)
Chart.defaults.animation = false;
Chart.defaults.font.family =
  getComputedStyle(document.documentElement).fontFamily || Chart.defaults.font.family;
Chart.defaults.color = '#4a5468';

export { Chart };
