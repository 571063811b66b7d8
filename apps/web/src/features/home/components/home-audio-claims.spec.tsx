import { screen, waitFor } from '@testing-library/react';
import { allAudio, jsonResponse, makeHubList } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { HomePage } from './home-page';

/**
 * The home page's audio texts come from the API's hub summary (docs/product.md, "Honest audio claims"): neutral at
 * first paint, then the catalogue's plainest lesson audio once the summary is in.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const lead = () => document.querySelector('.hero-lead')!;
const listening = () => screen.getByRole('heading', { name: 'Listening' }).nextElementSibling!;

describe('home page audio claims', () => {
  it('says "native audio" only when every lesson has a recording', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, makeHubList(allAudio('recording'))));
    renderWithProviders(<HomePage />);
    await waitFor(() =>
      expect(lead()).toHaveTextContent('Short stories, real dialogues, native audio and exercises'),
    );
    // the teaching sections load after the first paint, with the whole catalogue
    await screen.findByRole('heading', { name: 'Listening' }, { timeout: 5000 });
    expect(listening()).toHaveTextContent(/^Native audio for the lessons, slow-paced stories/);
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/api\/content\/hubs$/);
  });

  it('names the synthetic voice when some lesson is only synthesised, and the natural voice for neural ones', async () => {
    const mixed = makeHubList(allAudio('recording'));
    mixed[0].audio = { ...mixed[0].audio!, recording: 0, synthetic: mixed[0].audio!.lessons };
    fetchMock.mockImplementation(async () => jsonResponse(200, mixed));
    const first = renderWithProviders(<HomePage />);
    await waitFor(() =>
      expect(listening()).toHaveTextContent(/^Audio for every lesson \(a synthetic voice\)/),
    );
    expect(lead()).toHaveTextContent('Short stories, real dialogues, audio and exercises');
    expect(lead()).not.toHaveTextContent(/native/);
    first.unmount();

    fetchMock.mockImplementation(async () => jsonResponse(200, makeHubList(allAudio('neural'))));
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(listening()).toHaveTextContent(/^Audio for every lesson \(a natural voice\)/));
  });

  it('claims no kind of voice before the summary, or when it cannot be loaded', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(503, { status: 503, code: 'unavailable', message: 'down' }),
    );
    renderWithProviders(<HomePage />);
    expect(lead()).toHaveTextContent('Short stories, real dialogues, audio and exercises');
    expect(listening()).toHaveTextContent(/^Audio for every lesson, slow-paced stories/);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(listening()).toHaveTextContent(/^Audio for every lesson, slow-paced stories/);
    expect(document.body).not.toHaveTextContent(/native|synthetic|natural voice/i);
  });
});
