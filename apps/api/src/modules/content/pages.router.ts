import type { Response } from 'express';
import { API_CONTRACT, ERROR_CODES } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import { NotFoundError } from '../../lib/errors';
import { contractRouter } from '../../middleware/contract-router';
import { cachePublic, setEtag } from './cache';
import type { Catalogue } from './catalogue';
import { blogFeed, podcastFeed, robotsTxt, sitemap, type TSiteInfo } from './feeds';

const c = API_CONTRACT.site;

/** Where podcast audio is served when the site serves it itself (MEDIA_BASE_URL '/media'). */
export const LOCAL_MEDIA_BASE = '/media';

/**
 * Site-root documents built from the catalogue (libs/contracts site.contract.ts): the podcast and blog feeds, the
 * sitemap and robots.txt, all public and the same for everyone, built once (the catalogue does not change while
 * the server runs); and the podcast's audio files when media is served from this site.
 */
export function contentPagesRouter(deps: {
  catalogue: Catalogue;
  site: TSiteInfo;
  /** Serve podcast audio from content/media/podcast at /media/podcast/<file>. */
  servePodcastMedia: boolean;
  clock: TClock;
  checkAnswers?: boolean;
}) {
  const { catalogue, site } = deps;
  const r = contractRouter({ mountedAt: '', clock: deps.clock, checkAnswers: deps.checkAnswers });
  const send = (res: Response, type: string, body: string) => {
    cachePublic(res, false);
    setEtag(res, body);
    res.type(type).send(body);
  };
  const documents = {
    podcast: podcastFeed(catalogue, site),
    blog: blogFeed(catalogue, site),
    sitemap: sitemap(catalogue, site),
    robots: robotsTxt(site),
  };

  r.add(c.podcastFeed, (_req, res) => send(res, 'application/rss+xml; charset=utf-8', documents.podcast));
  r.add(c.blogFeed, (_req, res) => send(res, 'application/rss+xml; charset=utf-8', documents.blog));
  r.add(c.sitemap, (_req, res) => send(res, 'application/xml; charset=utf-8', documents.sitemap));
  r.add(c.robots, (_req, res) => send(res, 'text/plain; charset=utf-8', documents.robots));

  if (deps.servePodcastMedia) {
    // podcast audio is free; lesson media never goes through here (it is gated by the API)
    r.add(c.podcastAudio, (req, res, next) => {
      res.sendFile(
        req.params.file,
        { root: catalogue.podcastAudioDir(), dotfiles: 'deny', maxAge: '1d' },
        (err?: Error & { status?: number; code?: string }) => {
          if (!err || err.code === 'ECONNABORTED' || res.headersSent) return;
          next(err.status === 404 || err.code === 'ENOENT' || err.status === 403
            ? new NotFoundError(ERROR_CODES.notFound, 'No such media file')
            : err);
        },
      );
    });
  }
  return r;
}
