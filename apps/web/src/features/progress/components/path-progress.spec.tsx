import { render, screen } from '@testing-library/react';
import { PathProgress } from './path-progress';

describe('PathProgress', () => {
  it('is a progress bar named after the path, with its value as a percentage and in words', () => {
    render(
      <PathProgress
        title="Mini Stories"
        progress={{ id: 'mini-stories', completed: 3, total: 8, percent: 37 }}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Mini Stories: your progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '37');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '37% (3 of 8 lessons completed)');
    expect(screen.getByText('37% · 3/8 completed')).toBeInTheDocument();
  });
});
