import type { TProgressHistoryResponse, TProgressSummaryResponse } from '@polski/contracts';
import { ActivityCalendar } from './activity-calendar';
import { DueChart } from './due-chart';
import { KnownWordsChart } from './known-words-chart';
import { LessonsPerPathChart } from './lessons-per-path-chart';

/** The progress page's four charts (each with its data as text). */
export default function ProgressCharts({
  history,
  hubs,
}: {
  history: TProgressHistoryResponse;
  hubs: TProgressSummaryResponse['hubs'];
}) {
  return (
    <div className="progress-charts">
      <KnownWordsChart history={history} />
      <DueChart history={history} />
      <ActivityCalendar history={history} />
      <LessonsPerPathChart hubs={hubs} />
    </div>
  );
}
