import { YT_STATE, type TYouTubePlayerLike } from '../scenes/youtube';

/** A stand-in for the IFrame API's YT.Player: the methods this app uses, its time set by the test. */
export class FakeYouTubePlayer implements TYouTubePlayerLike {
  time = 0;
  state: number = YT_STATE.UNSTARTED;
  seeks: number[] = [];
  destroyed = false;
  getCurrentTime() {
    return this.time;
  }
  getPlayerState() {
    return this.state;
  }
  seekTo(seconds: number) {
    this.seeks.push(seconds);
    this.time = seconds;
  }
  destroy() {
    this.destroyed = true;
  }
}
