import { render } from '@testing-library/react';
import { TOAST } from '@polski/contracts';

const sonner = vi.hoisted(() => ({
  success: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  dismiss: vi.fn(),
  Toaster: vi.fn((_props: Record<string, unknown>) => null),
}));
vi.mock('sonner', () => ({
  toast: { success: sonner.success, error: sonner.error, info: sonner.info, dismiss: sonner.dismiss },
  Toaster: sonner.Toaster,
}));

import { showToast, Toasts } from './toaster';

/** A toast as sonner renders it: an item with the class the module gave it. */
function toastElement(className: string) {
  const li = document.createElement('li');
  li.setAttribute('data-sonner-toast', '');
  li.className = className;
  document.body.append(li);
  return li;
}

const lastOptions = (fn: ReturnType<typeof vi.fn>) =>
  fn.mock.calls.at(-1)![1] as { id: string; className: string; duration: number; description?: string };

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('toast timings passed to the toast library (product-spec, business constants)', () => {
  it('the list eases in and out in 300 ms, at the bottom right', () => {
    render(<Toasts />);
    const props = sonner.Toaster.mock.calls[0][0];
    expect(props).toMatchObject({
      position: 'bottom-right',
      toastOptions: { style: { transitionDuration: '300ms' } },
    });
    expect(TOAST.easeTime).toBe(300);
  });

  it('a toast closes after the 5000 ms time-out', () => {
    showToast({ kind: 'success', message: 'Saved' });
    const { id, duration } = lastOptions(sonner.success);
    // sonner's own timer is off: the time-outs are the module's
    expect(duration).toBe(Number.POSITIVE_INFINITY);
    vi.advanceTimersByTime(TOAST.timeOut - 1);
    expect(sonner.dismiss).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sonner.dismiss).toHaveBeenCalledWith(id);
  });

  it('stays while the pointer is on it, and closes 1000 ms (the extended time-out) after it leaves', () => {
    showToast({ kind: 'error', message: 'Failed', title: '500' });
    const { id, className, description } = lastOptions(sonner.error);
    expect(description).toBe('Failed');
    const li = toastElement(className);
    vi.advanceTimersByTime(4000);
    li.dispatchEvent(new Event('pointerenter'));
    vi.advanceTimersByTime(60_000);
    expect(sonner.dismiss).not.toHaveBeenCalled();
    li.dispatchEvent(new Event('pointerleave'));
    vi.advanceTimersByTime(TOAST.extendedTimeOut - 1);
    expect(sonner.dismiss).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sonner.dismiss).toHaveBeenCalledWith(id);
    expect(TOAST.extendedTimeOut).toBe(1000);
  });

  it('each toast keeps its own timer; one closed by hand is forgotten', () => {
    showToast({ kind: 'info', message: 'one' });
    const first = lastOptions(sonner.info) as ReturnType<typeof lastOptions> & { onDismiss: () => void };
    vi.advanceTimersByTime(2000);
    showToast({ kind: 'info', message: 'two' });
    const second = lastOptions(sonner.info);
    first.onDismiss();
    vi.advanceTimersByTime(TOAST.timeOut);
    expect(sonner.dismiss.mock.calls).toEqual([[second.id]]);
  });
});
