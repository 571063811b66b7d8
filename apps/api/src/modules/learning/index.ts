import { workspacePath } from '../../lib/paths';
import type { TFastRoute } from '../../middleware/fast-lane';
import { peekAuthenticated } from '../auth/auth.middleware';
import { expressEtag } from '../content/cache';
import type { TModule, TModuleDeps, TModuleFactory } from '../../module';
import { sharedCatalogue, type Catalogue } from '../content/catalogue';
import { lessonMediaFor } from '../content/content.service';
import { mediaDir as defaultMediaDir } from '../content/media/layout';
import { MediaSigner } from '../content/media/signing';
import { MediaStore } from '../content/media/store';
import { ActivityRecorder } from './activity';
import { learningRouter } from './learning.router';
import { LearningService } from './learning.service';
import { ProgressHistory, progressHistoryRouter } from './progress-history';

export { ActivityRecorder } from './activity';
export { LearningService } from './learning.service';

/**
 * Saved words, statuses, FSRS review and progress (issue 17; docs/product.md, "Saved words and review"). It reads
 * the content module's catalogue (sharedCatalogue): the words it saves are looked up there.
 */
export function createLearningModule(
  options: { contentDir?: string; catalogue?: Catalogue; mediaDir?: string } = {},
): TModuleFactory {
  return (deps: TModuleDeps): TModule => {
    const catalogue = options.catalogue ?? sharedCatalogue(options.contentDir ?? workspacePath('content'));
    const db = deps.database.db;
    const activity = new ActivityRecorder({ db, clock: deps.clock });
    // the listening cards' sound: the lesson's rendered track, with URLs as the lesson answer gives them
    const mediaDeps = {
      media: new MediaStore(
        options.mediaDir ??
          (deps.config.MEDIA_DIR
            ? defaultMediaDir({ MEDIA_DIR: deps.config.MEDIA_DIR })
            : defaultMediaDir({})),
      ),
      signer: new MediaSigner(deps.config.jwtSecret),
      now: () => deps.clock.now(),
      mediaBaseUrl: deps.config.MEDIA_BASE_URL?.replace(/\/+$/, ''),
    };
    const learning = new LearningService({
      db,
      pool: deps.database.pool,
      catalogue,
      clock: deps.clock,
      activity,
      sentenceAudio: (lesson, p, s, userId) => {
        const media = lessonMediaFor(mediaDeps, lesson, userId);
        const track = media.status === 'ready' ? media.tracks.find((t) => t.speed === 'normal') : undefined;
        const at = track?.sentences.find((x) => x.p === p && x.s === s);
        return track && at ? { url: track.url, startMs: at.startMs, endMs: at.endMs } : undefined;
      },
    });
    const routerOptions = { clock: deps.clock, checkAnswers: deps.config.checkAnswers };
    const STATUSES = /^\/api\/learning\/statuses\/lessons\/([a-z0-9-]{1,80})\/([a-z0-9-]{1,120})$/;
    const signedIn = { tokens: deps.services.tokens, users: deps.services.users, clock: deps.clock };
    // a lesson's statuses for a reader the user cache holds, without Express (middleware/fast-lane.ts): its request
    // setup and router cost more than the query (docs/performance.md, "Learning requests at 64 connections");
    // anything else, and any failure, goes through the router, whose answer this one equals
    const fast: TFastRoute = (url, authorization) => {
      const m = STATUSES.exec(url);
      if (!m || !catalogue.lesson(m[1], m[2])) return null;
      const user = peekAuthenticated(authorization, signedIn);
      if (!user) return null;
      return learning.lessonStatuses(user.id, m[1], m[2]).then((answer) => {
        const body = Buffer.from(JSON.stringify(answer), 'utf8');
        return {
          body,
          etag: expressEtag(body),
          cacheControl: 'no-store',
          vary: 'Origin',
          route: '/api/learning/statuses/lessons/:hub/:slug',
        };
      });
    };
    return {
      name: 'learning',
      fastRoutes: [fast],
      routers: [
        learningRouter(learning, routerOptions),
        progressHistoryRouter(new ProgressHistory({ db, clock: deps.clock }), routerOptions),
      ],
    };
  };
}

export const learningModule: TModuleFactory = createLearningModule();
