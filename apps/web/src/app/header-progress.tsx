import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import ProgressHeader from '../features/progress/components/progress-header';
import { useCatalogue } from '../lib/i18n/ui';
import { refreshProgressAfterActivity } from './learning-activity';

/**
 * The navbar's streak and goal for a signed-in learner, and what keeps them current: while it is shown (on every
 * page, for every signed-in learner), the progress is fetched again after each lesson completed or review answered.
 */
export default function HeaderProgress() {
  // loaded after the first paint on every page: its texts come with the whole catalogue, not the shell's
  useCatalogue();
  const queryClient = useQueryClient();
  useEffect(() => refreshProgressAfterActivity(queryClient), [queryClient]);
  return <ProgressHeader />;
}
