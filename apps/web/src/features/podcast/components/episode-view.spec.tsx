import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { TPodcastEpisodeResponse } from '@polski/contracts';
import { applyLanguage } from '../../../lib/i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { EpisodeView } from './episode-view';

const episode: TPodcastEpisodeResponse = {
  slug: 'ordering-food-in-poland',
  number: 3,
  title: 'Ordering food in Poland',
  date: '2025-07-15',
  description: 'How to order in a Polish restaurant.',
  durationSeconds: 1080,
  level: 'A2',
  audioUrl: '/media/podcast/ordering-food-in-poland.mp3',
  path: '/podcast/ordering-food-in-poland',
  showNotesMarkdown: '',
  showNotesHtml: '<h2>In this episode</h2><p>See <a href="/practical-dialogues">Practical Dialogues</a>.</p>',
  transcript: [
    { speaker: 'Ania', pl: 'Dzień dobry!', en: 'Hello!' },
    { speaker: 'Kelner', pl: 'Co podać?', en: 'What can I get you?' },
  ],
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

function renderEpisode(value: TPodcastEpisodeResponse = episode) {
  return renderWithProviders(
    <Routes>
      <Route path="/podcast/:slug" element={<EpisodeView episode={value} />} />
      <Route path="/practical-dialogues" element={<h1>Dialogues page</h1>} />
    </Routes>,
    { route: '/podcast/ordering-food-in-poland' },
  );
}

describe('EpisodeView', () => {
  it('shows title, date, level, duration, notes; a note instead of the player when the audio is missing', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 404 }));
    renderEpisode();
    expect(screen.getByRole('heading', { level: 1, name: 'Ordering food in Poland' })).toBeInTheDocument();
    expect(screen.getByText('July 15, 2025')).toBeInTheDocument();
    expect(screen.getByText('Level A2')).toBeInTheDocument();
    expect(screen.getByText('18 min')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'In this episode' })).toBeInTheDocument();
    expect(await screen.findByText(/not published yet/)).toBeInTheDocument();
    expect(document.querySelector('audio')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(episode.audioUrl, expect.objectContaining({ method: 'HEAD' }));
    expect(screen.getByRole('link', { name: 'Subscribe with RSS' })).toHaveAttribute(
      'href',
      '/podcast/feed.xml',
    );
    expect(document.title).toContain('Ordering food in Poland');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      episode.description,
    );
  });

  it('shows the player when the HEAD request finds the audio', async () => {
    fetchMock.mockResolvedValue(
      new Response(null, { status: 200, headers: { 'Content-Type': 'audio/mpeg' } }),
    );
    renderEpisode();
    await waitFor(() => expect(document.querySelector('audio')).toHaveAttribute('src', episode.audioUrl));
  });

  it('while the audio is being prepared, says so and looks for no recording', async () => {
    renderEpisode({
      ...episode,
      media: {
        status: 'preparing',
        source: 'synthetic',
        voiceLabel: 'Synthetic voice (eSpeak NG)',
        tracks: [],
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Audio is being prepared (Synthetic voice (eSpeak NG)). Read the transcript below in the meantime.',
    );
    expect(screen.queryByText(/not published yet/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.querySelector('audio')).toBeNull();
  });

  it('an HTML answer (the app shell) is not audio', async () => {
    fetchMock.mockResolvedValue(
      new Response(null, { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );
    renderEpisode();
    expect(await screen.findByText(/not published yet/)).toBeInTheDocument();
  });

  it('transcript lines show their translation on demand', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 404 }));
    const user = userEvent.setup();
    renderEpisode();
    await user.click(screen.getByRole('button', { name: 'Co podać?' }));
    expect(screen.getByText('What can I get you?')).toBeInTheDocument();
    expect(screen.queryByText('Hello!')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show translations' }));
    expect(screen.getByText('Hello!')).toBeInTheDocument();
  });

  it("marks each line's translation with its language: the answer's, English for a line left in English", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 404 }));
    const user = userEvent.setup();
    // a German answer whose line 1 had no German (fallback): the fixture's texts stand in for the German ones
    renderEpisode({ ...episode, lang: 'de', fallback: ['line.1'] });
    await user.click(screen.getByRole('button', { name: 'Show translations' }));
    expect(screen.getByText('Hello!')).toHaveAttribute('lang', 'de');
    expect(screen.getByText('What can I get you?')).toHaveAttribute('lang', 'en');
  });

  it('links in the notes to pages of the site navigate inside the app', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 404 }));
    const user = userEvent.setup();
    renderEpisode();
    await user.click(screen.getByRole('link', { name: 'Practical Dialogues' }));
    expect(await screen.findByRole('heading', { name: 'Dialogues page' })).toBeInTheDocument();
  });

  it('with the episode’s media: the learning player over the transcript, the line heard marked, a line plays from its timing', async () => {
    const user = userEvent.setup();
    const played: number[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.currentTime);
      return Promise.resolve();
    });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const media: TPodcastEpisodeResponse['media'] = {
      status: 'ready',
      source: 'synthetic',
      voiceLabel: 'Synthetic voices (eSpeak NG)',
      tracks: [
        {
          speed: 'normal',
          url: '/media/podcast/ordering-food-in-poland/normal-1.mp3',
          durationMs: 4000,
          bytes: 8000,
          sentences: [
            { p: 0, s: 0, startMs: 0, endMs: 1500 },
            { p: 0, s: 1, startMs: 2000, endMs: 3800 },
          ],
        },
      ],
    };
    renderWithProviders(
      <Routes>
        <Route path="/podcast/:slug" element={<EpisodeView episode={{ ...episode, media }} />} />
      </Routes>,
      { route: '/podcast/ordering-food-in-poland' },
    );
    const player = screen.getByRole('region', { name: 'Listen' });
    expect(player).toHaveTextContent('Synthetic voices (eSpeak NG)');
    // no HEAD for the plain player's file
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Play line 2' }));
    expect(played).toEqual([2]);
    const audio = document.querySelector<HTMLAudioElement>('audio.learning-player-audio')!;
    audio.currentTime = 2.5;
    act(() => {
      audio.dispatchEvent(new Event('timeupdate'));
    });
    expect(screen.getByRole('button', { name: 'Co podać?' }).closest('li')).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(player).toHaveTextContent('Line 2 of 2');
    vi.restoreAllMocks();
  });

  it('lists the chapters with their start times; a chapter plays the episode from its first line', async () => {
    const user = userEvent.setup();
    const played: number[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.currentTime);
      return Promise.resolve();
    });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const transcript = [
      { speaker: 'Ania', pl: 'Dzień dobry!', en: 'Hello!' },
      { speaker: 'Tomek', pl: 'Cześć!', en: 'Hi!' },
      { speaker: 'Ania', pl: 'Co podać?', en: 'What can I get you?' },
    ];
    const media: TPodcastEpisodeResponse['media'] = {
      status: 'ready',
      source: 'synthetic',
      voiceLabel: 'Synthetic voices (eSpeak NG)',
      tracks: [
        {
          speed: 'normal',
          url: '/media/podcast/ordering-food-in-poland/normal-1.mp3',
          durationMs: 200_000,
          bytes: 8000,
          sentences: [
            { p: 0, s: 0, startMs: 0, endMs: 1500 },
            { p: 0, s: 1, startMs: 2000, endMs: 3800 },
            { p: 0, s: 2, startMs: 135_400, endMs: 199_000 },
          ],
        },
      ],
    };
    const chapters = [
      { title: 'Welcome', line: 0, startMs: 0 },
      { title: 'Ordering', line: 2, startMs: 135_400 },
    ];
    renderWithProviders(
      <Routes>
        <Route
          path="/podcast/:slug"
          element={<EpisodeView episode={{ ...episode, transcript, media, chapters }} />}
        />
      </Routes>,
      { route: '/podcast/ordering-food-in-poland' },
    );
    const nav = screen.getByRole('navigation', { name: 'Chapters' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['0:00Welcome', '2:15Ordering']);
    await user.click(within(nav).getByRole('button', { name: /Ordering/ }));
    expect(played).toEqual([135.4]);
    const audio = document.querySelector<HTMLAudioElement>('audio.learning-player-audio')!;
    audio.currentTime = 140;
    act(() => {
      audio.dispatchEvent(new Event('timeupdate'));
    });
    expect(buttons[1].closest('li')).toHaveAttribute('aria-current', 'true');
    expect(buttons[0].closest('li')).not.toHaveAttribute('aria-current');
    vi.restoreAllMocks();
  });

  it('while the audio is being prepared, the chapters show as titles without times or buttons', () => {
    const media: TPodcastEpisodeResponse['media'] = {
      status: 'preparing',
      source: 'synthetic',
      voiceLabel: 'Synthetic voices (eSpeak NG)',
      tracks: [],
    };
    renderEpisode({
      ...episode,
      media,
      chapters: [
        { title: 'Welcome', line: 0 },
        { title: 'Ordering', line: 1 },
      ],
    });
    const nav = screen.getByRole('navigation', { name: 'Chapters' });
    expect(within(nav).queryByRole('button')).toBeNull();
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Welcome', 'Ordering']);
  });
});

describe('EpisodeView in the learner’s language', () => {
  beforeEach(() => applyLanguage('de'));
  afterEach(() => applyLanguage('en'));

  const preparing = (media: Partial<NonNullable<TPodcastEpisodeResponse['media']>>) =>
    renderEpisode({
      ...episode,
      media: {
        status: 'preparing',
        source: 'synthetic',
        voiceLabel: 'Synthetic voice (eSpeak NG)',
        tracks: [],
        ...media,
      },
    });

  it('names the voice from its source and provider, the provider’s name as its owner writes it', () => {
    preparing({ provider: 'espeak' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Das Audio wird vorbereitet (Synthetische Stimme (eSpeak NG)). Lies in der Zwischenzeit das Transkript unten.',
    );
  });

  it('a recording, and a natural voice of a known provider', () => {
    const { unmount } = preparing({
      source: 'recording',
      provider: 'recording',
      voiceLabel: 'Native speaker recording',
    });
    expect(screen.getByRole('status')).toHaveTextContent('(Aufnahme mit Muttersprachlern)');
    unmount();
    preparing({ source: 'neural', provider: 'azure', voiceLabel: 'Natural voice (Azure AI Speech)' });
    expect(screen.getByRole('status')).toHaveTextContent('(Natürliche Stimme (Azure AI Speech))');
  });

  it('the learning player names the voice in German too', () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    renderEpisode({
      ...episode,
      media: {
        status: 'ready',
        source: 'synthetic',
        voiceLabel: 'Synthetic voice (eSpeak NG)',
        provider: 'espeak',
        tracks: [
          {
            speed: 'normal',
            url: '/media/podcast/ordering-food-in-poland/normal-1.mp3',
            durationMs: 4000,
            bytes: 8000,
            sentences: [{ p: 0, s: 0, startMs: 0, endMs: 1500 }],
          },
        ],
      },
    });
    const voice = document.querySelector('.learning-player-voice');
    expect(voice).toHaveTextContent('Synthetische Stimme (eSpeak NG)');
    expect(screen.queryByText('Synthetic voice (eSpeak NG)')).toBeNull();
  });

  it('a provider the web does not know, or an older answer without one: the API’s English label', () => {
    const { unmount } = preparing({ provider: 'acme', voiceLabel: 'Synthetic voice (Acme TTS)' });
    expect(screen.getByRole('status')).toHaveTextContent('(Synthetic voice (Acme TTS))');
    unmount();
    preparing({});
    expect(screen.getByRole('status')).toHaveTextContent('(Synthetic voice (eSpeak NG))');
  });
});
