import { toast } from '../../../lib/toast';
import { jsonResponse } from '../../../test/fixtures';
import { makeLesson, makeTeaser } from '../testing/lesson-fixture';
import { getLesson } from './get-lesson';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

describe('getLesson', () => {
  it('answers the lesson when the server sends it', async () => {
    const lesson = makeLesson();
    fetchMock.mockResolvedValue(jsonResponse(200, lesson));
    await expect(getLesson('complete-beginner', 'complete-beginner-1')).resolves.toEqual({ kind: 'lesson', lesson });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/content/lessons/complete-beginner/complete-beginner-1');
  });

  it('turns a 403 premium_required into the gate, silently (no central toast)', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const teaser = makeTeaser();
    fetchMock.mockResolvedValue(
      jsonResponse(403, { status: 403, code: 'premium_required', message: 'This lesson is part of Premium', teaser }),
    );
    await expect(getLesson('complete-beginner', 'complete-beginner-2')).resolves.toEqual({ kind: 'premium', teaser });
    expect(toast.error).not.toHaveBeenCalled();
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('any other 403 is still "Something went wrong" (docs/product.md, "Errors the web app shows") and fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(jsonResponse(403, { status: 403, code: 'admin_only', message: 'No' }));
    await expect(getLesson('complete-beginner', 'x')).rejects.toMatchObject({ status: 403 });
    expect(toast.error).toHaveBeenCalledWith('Something went wrong');
  });

  it('a 404 fails without a toast: the page says "Lesson not found" itself', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { status: 404, code: 'not_found', message: 'No such lesson' }));
    await expect(getLesson('complete-beginner', 'nope')).rejects.toMatchObject({ status: 404 });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('no answer or a failing server fails without a toast: the page says the lesson could not be loaded', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(getLesson('complete-beginner', 'a')).rejects.toMatchObject({ status: 0 });
    fetchMock.mockResolvedValueOnce(jsonResponse(503, { status: 503, code: 'service_unavailable', message: 'Busy' }));
    await expect(getLesson('complete-beginner', 'b')).rejects.toMatchObject({ status: 503 });
    expect(toast.error).not.toHaveBeenCalled();
  });
});
