import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { findScenes, sceneOfSentence, type TLessonResponse, type TMediaTrack, type TStoryScene } from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import { voiceText } from '../../../lib/i18n/ui';
import { loadSceneArt, type TSceneArt } from './scene-art';
import { flattenTimings, sentenceAtTime, type TFlatTiming } from './scene-timing';
import { useFullscreen } from './use-fullscreen';
import { useMediaTime } from './use-media-time';
import { createYouTubePlayer, followYouTube, type TYouTubeClock, type TYouTubePlayerLike } from './youtube';
import './scene-story.css';

export interface TSceneStoryProps {
  lesson: Pick<TLessonResponse, 'slug' | 'titleEn' | 'paragraphs' | 'media' | 'videoId'>;
  /**
   * The audio (or video) element the lesson page plays the story's track with. Left out, the scene player shows
   * its own <audio> for the lesson's track when there is one; null: no element (scenes are stepped by hand).
   */
  mediaElement?: HTMLMediaElement | null;
  /** The track that element plays (the learning player may be on the slow one); else the normal-speed track. */
  track?: TMediaTrack;
}

/** Moves an audio or video element to `seconds` (the element is the page's: this is the one place that moves it). */
function seek(el: HTMLMediaElement, seconds: number) {
  el.currentTime = seconds;
}

/** The track the scenes follow: the normal-speed one of a ready media block. */
function storyTrack(media: TSceneStoryProps['lesson']['media']) {
  if (media?.status !== 'ready') return undefined;
  return media.tracks.find((t) => t.speed === 'normal') ?? media.tracks[0];
}

function safeScenes(text: TSceneStoryProps['lesson']): TStoryScene[] {
  try {
    return findScenes(text);
  } catch {
    return []; // the content check refuses such a text (tools/validate-content.ts); never here in practice
  }
}

/**
 * A video story played as a narrated sequence of scenes (docs/content.md, "Video Stories: scenes and
 * illustrations"): the current scene's illustration with a gentle pan, the current sentence as a subtitle (English on
 * demand), following the lesson's audio by its sentence timings, or the YouTube video's time when the operator set
 * a video id; without audio the learner steps through scenes and sentences by hand. Left and right arrows (with the
 * player focused) move between scenes; Space stays with the lesson's audio player.
 */
export function SceneStory({ lesson, mediaElement, track: playedTrack }: TSceneStoryProps) {
  const t = useT();
  const headingId = useId();
  const sentences = useMemo(() => lesson.paragraphs.flatMap((p) => p.sentences), [lesson.paragraphs]);
  const scenes = useMemo(() => safeScenes(lesson), [lesson]);
  const track = playedTrack ?? storyTrack(lesson.media);
  const timings = useMemo<TFlatTiming[]>(
    () => (track ? flattenTimings(lesson.paragraphs, track.sentences) : []),
    [lesson.paragraphs, track],
  );

  // the element whose time the subtitles follow: the page's, or this player's own <audio>
  const [ownAudio, setOwnAudio] = useState<HTMLAudioElement | null>(null);
  const media = mediaElement !== undefined ? mediaElement : ownAudio;
  const audioTime = useMediaTime(timings.length ? media : null);

  // the YouTube video, once the learner asks for it
  const [video, setVideo] = useState<'off' | 'loading' | 'on' | 'failed'>('off');
  const [videoTime, setVideoTime] = useState<{ ms: number; playing: boolean } | null>(null);
  const playerRef = useRef<TYouTubePlayerLike | null>(null);

  const [manual, setManual] = useState(0);
  const videoDriven = video === 'on' && timings.length > 0 && videoTime !== null;
  const audioDriven = !videoDriven && video !== 'on' && timings.length > 0 && media !== null;
  const current = Math.min(
    videoDriven ? sentenceAtTime(timings, videoTime.ms) : audioDriven ? sentenceAtTime(timings, audioTime.ms) : manual,
    Math.max(0, sentences.length - 1),
  );
  const sceneIndex = Math.max(0, sceneOfSentence(scenes, current));
  const scene = scenes[sceneIndex] as TStoryScene | undefined;
  const playing = videoDriven ? videoTime.playing : audioDriven && audioTime.playing;

  const goTo = useCallback(
    (index: number): void => {
      const i = Math.max(0, Math.min(sentences.length - 1, index));
      setManual(i);
      // with a clock, move the clock: the first timed sentence at or after i
      const at = timings.filter((t) => t.index >= i).sort((a, b) => a.index - b.index)[0]?.startMs;
      if (at === undefined) return;
      if (video === 'on' && playerRef.current) {
        playerRef.current.seekTo(at / 1000, true);
        setVideoTime((t) => ({ ms: at, playing: t?.playing ?? false }));
      } else if (media) {
        seek(media, at / 1000);
      }
    },
    [sentences.length, timings, video, media],
  );
  const goToScene = (n: number) => {
    const target = scenes[Math.max(0, Math.min(scenes.length - 1, n))];
    if (target) goTo(target.start);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      goToScene(sceneIndex + (e.key === 'ArrowRight' ? 1 : -1));
    }
  };

  // the scene's illustration; the previous one stays until the next has loaded, and the one after is fetched ahead
  const [art, setArt] = useState<{ scene: number; art: TSceneArt | null } | null>(null);
  const sceneNumber = scene?.number ?? 0;
  useEffect(() => {
    if (!sceneNumber) return;
    let live = true;
    loadSceneArt(lesson.slug, sceneNumber).then(
      (a) => live && setArt({ scene: sceneNumber, art: a }),
      () => live && setArt({ scene: sceneNumber, art: null }),
    );
    if (sceneNumber < scenes.length) void loadSceneArt(lesson.slug, sceneNumber + 1).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [lesson.slug, sceneNumber, scenes.length]);

  const [showEn, setShowEn] = useState(false);
  const [announce, setAnnounce] = useState(false);
  const stageRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stageRef);

  // the YouTube player lives in this element once asked for; leaving (or unmounting) stops its clock and destroys it
  const videoHostRef = useRef<HTMLDivElement>(null);
  const [videoRequest, setVideoRequest] = useState(0);
  const mediaRef = useRef(media);
  useEffect(() => {
    mediaRef.current = media;
  }, [media]);
  useEffect(() => {
    const hostParent = videoHostRef.current;
    if (!videoRequest || !lesson.videoId || !hostParent) return;
    let clock: TYouTubeClock | null = null;
    let cancelled = false;
    const host = document.createElement('div');
    hostParent.replaceChildren(host);
    mediaRef.current?.pause();
    createYouTubePlayer(
      host,
      lesson.videoId,
      (state) => clock?.stateChanged(state),
      () => {
        if (cancelled) return;
        setVideo('failed');
        setVideoRequest(0);
      },
    ).then(
      (player) => {
        if (cancelled) {
          player.destroy();
          return;
        }
        playerRef.current = player;
        clock = followYouTube(player, { onTime: (ms, isPlaying) => setVideoTime({ ms, playing: isPlaying }) });
        clock.stateChanged(player.getPlayerState());
        setVideo('on');
      },
      () => {
        if (cancelled) return;
        setVideo('failed');
        setVideoRequest(0);
      },
    );
    return () => {
      cancelled = true;
      clock?.stop();
      playerRef.current?.destroy();
      playerRef.current = null;
      hostParent.replaceChildren();
    };
  }, [videoRequest, lesson.videoId]);
  const openVideo = () => {
    setVideo('loading');
    setVideoRequest((n) => n + 1);
  };
  const closeVideo = () => {
    setVideoRequest(0);
    setVideo('off');
    setVideoTime(null);
  };

  const sentence = sentences[current];
  const videoShown = video === 'loading' || video === 'on';

  if (!sentence) return null;
  return (
    <section className="scene-story" aria-labelledby={headingId}>
      <h2 id={headingId} className="scene-story-title">
        {t('scenes.title')}
      </h2>
      <div
        ref={stageRef}
        className={`scene-stage${fullscreen.active ? ' is-fullscreen' : ''}${playing ? ' is-playing' : ''}`}
        role="region"
        aria-label={t('scenes.stage')}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="scene-stage"
      >
        <div className="scene-frame">
          <div className="scene-picture">
          <div ref={videoHostRef} className="scene-video" hidden={!videoShown} data-testid="scene-video" />
          {!videoShown ? (
            art?.art ? (
              <img
                key={art.scene}
                className={`scene-image scene-motion-${art.scene % 4}`}
                src={art.art.src}
                alt={art.art.alt}
                title={art.art.title}
                data-scene={art.scene}
              />
            ) : (
              <div className="scene-image-missing" data-scene={sceneNumber}>
                {scene ? <span lang="pl">{scene.title}</span> : null}
              </div>
            )
          ) : null}
          </div>
          <div className="scene-subtitles" data-testid="scene-subtitles">
            <p className="scene-subtitle-pl" lang="pl">
              {sentence.pl}
            </p>
            {showEn ? <p className="scene-subtitle-en">{sentence.en}</p> : null}
          </div>
        </div>
        <div className="scene-controls">
          <p className="scene-position" data-testid="scene-position">
            {scene ? (
              <>
                {t('scenes.position', { n: scene.number, total: scenes.length })}
                <span className="scene-position-title">: {scene.titleEn}</span>
              </>
            ) : null}
          </p>
          <div className="scene-nav">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => goToScene(sceneIndex - 1)}
              disabled={sceneIndex <= 0}
              aria-label={t('scenes.previousScene')}
            >
              <span aria-hidden="true">« </span>{t('scenes.scene')}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => goTo(current - 1)}
              disabled={current <= 0}
              aria-label={t('player.keys.previous')}
            >
              <span aria-hidden="true">‹ </span>{t('scenes.sentence')}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => goTo(current + 1)}
              disabled={current >= sentences.length - 1}
              aria-label={t('player.keys.next')}
            >
              {t('scenes.sentence')}<span aria-hidden="true"> ›</span>
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => goToScene(sceneIndex + 1)}
              disabled={sceneIndex >= scenes.length - 1}
              aria-label={t('scenes.nextScene')}
            >
              {t('scenes.scene')}<span aria-hidden="true"> »</span>
            </button>
          </div>
          <div className="scene-options">
            <button type="button" className="btn btn-secondary btn-sm" aria-pressed={showEn} onClick={() => setShowEn((v) => !v)}>
              {t('scenes.englishSubtitles')}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-pressed={announce}
              onClick={() => setAnnounce((v) => !v)}
            >
              {t('scenes.announce')}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-pressed={fullscreen.active}
              onClick={fullscreen.toggle}
            >
              {t('scenes.fullScreen')}
            </button>
          </div>
        </div>
      </div>
      <div className="visually-hidden" aria-live="polite" data-testid="scene-announcer">
        {announce ? `${sentence.pl}${showEn ? ` — ${sentence.en}` : ''}` : ''}
      </div>

      {track && mediaElement === undefined ? (
        <div className="scene-audio">
          <audio ref={setOwnAudio} src={track.url} controls preload="metadata" aria-label={t('scenes.narration')} />
          {lesson.media ? <p className="scene-note">{voiceText(t, lesson.media)}</p> : null}
        </div>
      ) : null}
      {lesson.media?.status === 'preparing' ? (
        <p className="scene-note" role="status">
          {t('scenes.preparing')}
        </p>
      ) : null}

      {lesson.videoId ? (
        <div className="scene-youtube">
          {videoShown ? (
            <button type="button" className="btn btn-secondary btn-sm" onClick={closeVideo}>
              {t('scenes.backToScenes')}
            </button>
          ) : (
            <>
              <button type="button" className="btn btn-primary btn-sm" onClick={openVideo}>
                {t('scenes.playVideo')}
              </button>
              <p className="scene-note">{t('scenes.youtubeNote', { host: 'youtube-nocookie.com' })}</p>
            </>
          )}
          {video === 'failed' ? (
            <p className="scene-note" role="alert">
              {t('scenes.videoFailed')}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

export default SceneStory;
