import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORY_OF_THE_DAY } from '../content';
import { StoryOfTheDay } from './story-of-the-day';

/** The home page's "Story of the day" plays its sentence (docs/product.md, "Home page"). */
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
beforeEach(() => {
  synth.speak.mockReset();
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
});
afterEach(() => vi.unstubAllGlobals());

describe('StoryOfTheDay', () => {
  it('Play reads the sentence in the Polish voice; Stop stops it; the end brings Play back', async () => {
    voices = [{ lang: 'pl-PL', name: 'Polski' }];
    const user = userEvent.setup();
    render(<StoryOfTheDay />);
    await user.click(screen.getByRole('button', { name: 'Play the story of the day' }));
    await screen.findByRole('button', { name: 'Stop the story of the day' });
    expect(synth.speak).toHaveBeenCalledTimes(1);
    const u = synth.speak.mock.calls[0][0];
    expect(u).toMatchObject({ text: STORY_OF_THE_DAY.pl, lang: 'pl-PL', rate: 0.9 });
    expect(screen.getByRole('button', { name: 'Stop the story of the day' })).toBeInTheDocument();
    act(() => u.onend?.());
    expect(screen.getByRole('button', { name: 'Play the story of the day' })).toBeInTheDocument();
  });

  it('plays its recording when it has one', async () => {
    const play = vi.fn(() => Promise.resolve());
    const srcs: string[] = [];
    vi.stubGlobal(
      'Audio',
      class {
        constructor(src: string) {
          srcs.push(src);
        }
        addEventListener() {}
        pause() {}
        play = play;
      },
    );
    const user = userEvent.setup();
    render(<StoryOfTheDay story={{ ...STORY_OF_THE_DAY, audioUrl: '/media/story.mp3' }} />);
    await user.click(screen.getByRole('button', { name: 'Play the story of the day' }));
    await screen.findByRole('button', { name: 'Stop the story of the day' });
    expect(srcs).toEqual(['/media/story.mp3']);
    expect(play).toHaveBeenCalled();
    expect(synth.speak).not.toHaveBeenCalled();
  });

  it('says so when the device has no Polish voice, instead of doing nothing', async () => {
    voices = [{ lang: 'en-US', name: 'English' }];
    const user = userEvent.setup();
    render(<StoryOfTheDay />);
    await user.click(screen.getByRole('button', { name: 'Play the story of the day' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'No Polish voice on this device to read it aloud.',
      ),
    );
    expect(synth.speak).not.toHaveBeenCalled();
  });
});
