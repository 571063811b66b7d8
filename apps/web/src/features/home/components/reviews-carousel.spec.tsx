import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEWS } from '../reviews';
import { ReviewsCarousel } from './reviews-carousel';

describe('ReviewsCarousel', () => {
  it('has six reviews with names and countries', () => {
    expect(REVIEWS).toHaveLength(6);
    for (const r of REVIEWS) expect(r.name && r.country && r.text).toBeTruthy();
  });

  it('starts at the first review and shows "1 / 6"', () => {
    render(<ReviewsCarousel reviews={REVIEWS} />);
    expect(screen.getByTestId('reviews-indicator')).toHaveTextContent('1 / 6');
    expect(screen.getByText(REVIEWS[0].name)).toBeInTheDocument();
  });

  it('wraps from the first review back to the sixth with previous', async () => {
    const user = userEvent.setup();
    render(<ReviewsCarousel reviews={REVIEWS} />);
    await user.click(screen.getByRole('button', { name: 'Previous review' }));
    expect(screen.getByTestId('reviews-indicator')).toHaveTextContent('6 / 6');
    expect(screen.getByText(REVIEWS[5].name)).toBeInTheDocument();
  });

  it('wraps from the sixth review forward to the first with next', async () => {
    const user = userEvent.setup();
    render(<ReviewsCarousel reviews={REVIEWS} />);
    const next = screen.getByRole('button', { name: 'Next review' });
    for (let i = 2; i <= 6; i++) {
      await user.click(next);
      expect(screen.getByTestId('reviews-indicator')).toHaveTextContent(`${i} / 6`);
    }
    await user.click(next);
    expect(screen.getByTestId('reviews-indicator')).toHaveTextContent('1 / 6');
    expect(screen.getByText(REVIEWS[0].name)).toBeInTheDocument();
  });
});
