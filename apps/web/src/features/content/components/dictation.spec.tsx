import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dictation, pickDictation } from './dictation';

/** Dictation (docs/product.md, "Dictation"): hear a sentence of the text, type it, see it scored word by word. */
const clips: { src: string; rate: number }[] = [];
class FakeAudio {
  playbackRate = 1;
  defaultPlaybackRate = 1;
  preservesPitch = false;
  currentTime = 0;
  constructor(readonly src: string) {}
  addEventListener() {}
  pause() {}
  play() {
    clips.push({ src: this.src, rate: this.playbackRate });
    return Promise.resolve();
  }
}
beforeEach(() => {
  clips.length = 0;
  vi.stubGlobal('Audio', FakeAudio);
});
afterEach(() => vi.unstubAllGlobals());

const sentences = [
  { pl: 'Cześć!', en: 'Hi!' },
  { pl: 'Mieszkam w Krakowie, a moja siostra w Łodzi.', en: 'I live in Kraków and my sister in Łódź.' },
  { pl: 'To jest bardzo długie zdanie, które ma zdecydowanie za dużo słów, żeby je zapisać ze słuchu.', en: '…' },
  { pl: 'Lubię kawę z mlekiem.', en: 'I like coffee with milk.' },
];
const track = {
  url: '/media/lessons/x/y/normal-1.mp3',
  timed: [
    { index: 0, startMs: 0, endMs: 800 },
    { index: 1, startMs: 1000, endMs: 4200 },
    { index: 2, startMs: 4500, endMs: 9000 },
    { index: 3, startMs: 9200, endMs: 11_000 },
  ],
};

describe('Dictation', () => {
  it('asks for sentences of 3-14 words the track has, spread through the text', () => {
    expect(pickDictation(sentences, 3, track.timed).map((s) => s.index)).toEqual([1, 3]);
    expect(pickDictation(sentences, 1, track.timed).map((s) => s.index)).toEqual([3]);
    expect(pickDictation(sentences, 3, track.timed.slice(0, 3)).map((s) => s.index)).toEqual([1]);
  });

  it('plays the sentence’s stretch of the track (and slower), and scores the typed sentence word by word', async () => {
    const user = userEvent.setup();
    render(<Dictation sentences={sentences} track={track} count={3} />);
    const first = screen.getAllByRole('listitem')[0];
    await user.click(within(first).getByRole('button', { name: 'Play dictation 1' }));
    expect(clips.at(-1)).toEqual({ src: '/media/lessons/x/y/normal-1.mp3#t=1,4.2', rate: 1 });
    await user.click(within(first).getByRole('button', { name: 'Play dictation 1 slower' }));
    expect(clips.at(-1)?.rate).toBe(0.75);

    const box = within(first).getByRole('textbox', { name: 'What you hear' });
    await user.click(within(first).getByRole('button', { name: 'Check' }));
    expect(within(first).getByRole('status')).toHaveTextContent('Type what you hear first.');

    await user.type(box, 'Mieszkam w Warszawie a moja siostra Lodzi');
    await user.click(within(first).getByRole('button', { name: 'Check' }));
    expect(within(first).getByRole('status')).toHaveTextContent('5 of 8 words right, 1 nearly right.');
    const words = within(within(first).getByRole('list', { name: 'Your sentence, word by word' })).getAllByRole('listitem');
    expect(words.map((w) => w.className.replace('dictation-word is-', ''))).toEqual([
      'correct', 'correct', 'wrong', 'correct', 'correct', 'correct', 'missing', 'almost',
    ]);
    expect(words[2]).toHaveTextContent('Krakowie: wrong, you typed Warszawie');
    expect(words[7]).toHaveTextContent('Łodzi: nearly right, you typed Lodzi');
    expect(within(first).getByText('I live in Kraków and my sister in Łódź.')).toBeInTheDocument();

    // Enter checks; the sentence typed right passes
    await user.clear(box);
    await user.type(box, 'Mieszkam w Krakowie, a moja siostra w Łodzi.{Enter}');
    expect(within(first).getByRole('status')).toHaveTextContent('8 of 8 words right. Well done!');
  });

  it('without a track and without a Polish voice there is nothing to hear, so no dictation', () => {
    vi.stubGlobal('speechSynthesis', { getVoices: () => [], addEventListener: vi.fn(), removeEventListener: vi.fn() });
    vi.stubGlobal('SpeechSynthesisUtterance', class {});
    const { container } = render(<Dictation sentences={sentences} count={3} />);
    expect(container).toBeEmptyDOMElement();
  });
});
