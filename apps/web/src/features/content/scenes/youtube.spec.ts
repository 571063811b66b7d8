import { FakeYouTubePlayer } from '../testing/fake-youtube-player';
import { followYouTube, loadYouTubeApi, YOUTUBE_API_URL, YT_STATE } from './youtube';

describe('followYouTube: the subtitles follow the YouTube player', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads getCurrentTime() while the video plays, and stops reading when it pauses', () => {
    const player = new FakeYouTubePlayer();
    const onTime = vi.fn();
    const clock = followYouTube(player, { onTime, intervalMs: 100 });

    player.state = YT_STATE.PLAYING;
    player.time = 1.25;
    clock.stateChanged(YT_STATE.PLAYING);
    expect(onTime).toHaveBeenLastCalledWith(1250, true);

    player.time = 1.4;
    vi.advanceTimersByTime(100);
    expect(onTime).toHaveBeenLastCalledWith(1400, true);
    player.time = 2.05;
    vi.advanceTimersByTime(100);
    expect(onTime).toHaveBeenLastCalledWith(2050, true);

    player.state = YT_STATE.PAUSED;
    clock.stateChanged(YT_STATE.PAUSED);
    expect(onTime).toHaveBeenLastCalledWith(2050, false);
    const calls = onTime.mock.calls.length;
    player.time = 9;
    vi.advanceTimersByTime(1000);
    expect(onTime).toHaveBeenCalledTimes(calls); // no polling while paused

    // a seek while paused lands on the right time at the next state change
    player.time = 30;
    clock.stateChanged(YT_STATE.CUED);
    expect(onTime).toHaveBeenLastCalledWith(30000, false);

    player.state = YT_STATE.PLAYING;
    clock.stateChanged(YT_STATE.PLAYING);
    clock.stop();
    const afterStop = onTime.mock.calls.length;
    vi.advanceTimersByTime(1000);
    clock.stateChanged(YT_STATE.PLAYING);
    expect(onTime).toHaveBeenCalledTimes(afterStop);
  });

  it('starts one poll however many PLAYING and BUFFERING events come', () => {
    const player = new FakeYouTubePlayer();
    const setInterval = vi.fn(() => 7);
    const clearInterval = vi.fn();
    const clock = followYouTube(player, { onTime: vi.fn(), setInterval, clearInterval });
    clock.stateChanged(YT_STATE.PLAYING);
    clock.stateChanged(YT_STATE.BUFFERING);
    clock.stateChanged(YT_STATE.PLAYING);
    expect(setInterval).toHaveBeenCalledTimes(1);
    clock.stateChanged(YT_STATE.ENDED);
    expect(clearInterval).toHaveBeenCalledWith(7);
  });
});

describe('loadYouTubeApi', () => {
  afterEach(() => {
    delete window.YT;
    delete window.onYouTubeIframeAPIReady;
    document.head.querySelectorAll('script').forEach((s) => s.remove());
  });

  it('adds the IFrame API script once and resolves when the API calls back', async () => {
    const first = loadYouTubeApi();
    const second = loadYouTubeApi();
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts.map((s) => s.src)).toEqual([YOUTUBE_API_URL]);
    const Player = vi.fn();
    window.YT = { Player } as unknown as typeof window.YT;
    window.onYouTubeIframeAPIReady?.();
    await expect(first).resolves.toBe(window.YT);
    await expect(second).resolves.toBe(window.YT);
    // loaded: no second script
    await loadYouTubeApi();
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });
});
