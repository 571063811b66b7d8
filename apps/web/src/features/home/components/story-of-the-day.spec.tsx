import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORY_OF_THE_DAY, type TStoryOfTheDayResponse } from '@polski/contracts';
import { jsonResponse } from '../../../test/fixtures';
import { StoryOfTheDay } from './story-of-the-day';
import { resetStoryVoice } from './story-voice';

/**
 * The home page's "Story of the day" plays its sentence (docs/product.md, "Home page"): the rendered audio the API
 * answers for it, the browser's voice only when there is no file.
 */
class FakeUtterance {
  lang = '';
  rate = 1;
  voice: unknown = null;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly text: string) {}
}
let voices: unknown[] = [];
const synth = {
  speak: vi.fn<(u: FakeUtterance) => void>(),
  cancel: vi.fn(),
  getVoices: () => voices,
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
};
const fetchMock = vi.fn<typeof fetch>();
const played: string[] = [];
let playResult: () => Promise<void> = () => Promise.resolve();
class FakeAudio {
  constructor(readonly src: string) {}
  addEventListener() {}
  pause() {}
  play() {
    played.push(this.src);
    return playResult();
  }
}

const story = (media: TStoryOfTheDayResponse['media']): TStoryOfTheDayResponse => ({
  ...STORY_OF_THE_DAY,
  media,
});
const READY = story({
  status: 'ready',
  source: 'synthetic',
  voiceLabel: 'Synthetic voice (eSpeak NG)',
  tracks: [
    {
      speed: 'normal',
      url: '/api/content/media/story/normal-0123456789abcdef0123.mp3',
      durationMs: 3100,
      bytes: 18000,
      sentences: [{ p: 0, s: 0, startMs: 0, endMs: 3100 }],
    },
  ],
});
const PREPARING = story({
  status: 'preparing',
  source: 'synthetic',
  voiceLabel: 'Synthetic voice (eSpeak NG)',
  tracks: [],
});

beforeEach(() => {
  resetStoryVoice();
  synth.speak.mockReset();
  fetchMock.mockReset();
  played.length = 0;
  playResult = () => Promise.resolve();
  voices = [{ lang: 'pl-PL', name: 'Polski' }];
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('Audio', FakeAudio);
});
afterEach(() => vi.unstubAllGlobals());

const press = async () => {
  const user = userEvent.setup();
  render(<StoryOfTheDay />);
  expect(screen.getByText(STORY_OF_THE_DAY.pl)).toBeInTheDocument();
  // its English, from the catalogue, is the one the API answers with (STORY_OF_THE_DAY)
  expect(screen.getByText(STORY_OF_THE_DAY.en)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Play the story of the day' }));
  return user;
};

describe('StoryOfTheDay', () => {
  it('plays the rendered audio the API answers, not the browser voice', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, READY));
    await press();
    await screen.findByRole('button', { name: 'Stop the story of the day' });
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/api\/content\/story-of-the-day$/);
    expect(played).toEqual([READY.media.tracks[0].url]);
    expect(synth.speak).not.toHaveBeenCalled();
  });

  it('reads the sentence in the Polish voice while the audio is being prepared; Stop stops it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, PREPARING));
    await press();
    await screen.findByRole('button', { name: 'Stop the story of the day' });
    expect(played).toEqual([]);
    expect(synth.speak).toHaveBeenCalledTimes(1);
    const u = synth.speak.mock.calls[0][0];
    expect(u).toMatchObject({ text: STORY_OF_THE_DAY.pl, lang: 'pl-PL', rate: 0.9 });
    act(() => u.onend?.());
    expect(screen.getByRole('button', { name: 'Play the story of the day' })).toBeInTheDocument();
  });

  it('falls back to the voice when the API cannot be reached or the file does not play', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = await press();
    await screen.findByRole('button', { name: 'Stop the story of the day' });
    expect(synth.speak).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Stop the story of the day' }));
    // the next press asks again; the file is there now but the browser refuses to play it
    fetchMock.mockResolvedValue(jsonResponse(200, READY));
    playResult = () => Promise.reject(new DOMException('no', 'NotSupportedError'));
    await user.click(screen.getByRole('button', { name: 'Play the story of the day' }));
    await waitFor(() => expect(synth.speak).toHaveBeenCalledTimes(2));
    expect(played).toEqual([READY.media.tracks[0].url]);
  });

  it('says so when there is no file and no Polish voice, instead of doing nothing', async () => {
    voices = [{ lang: 'en-US', name: 'English' }];
    fetchMock.mockResolvedValue(jsonResponse(200, PREPARING));
    await press();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'No Polish voice on this device to read it aloud.',
      ),
    );
    expect(synth.speak).not.toHaveBeenCalled();
  });
});
