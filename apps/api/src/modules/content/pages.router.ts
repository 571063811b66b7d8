import express, { Router, type Request, type Response } from 'express';
import { NotFoundError } from '../../lib/errors';
import { cachePublic, setEtag } from './cache';
import type { Catalogue } from './catalogue';
import { blogFeed, podcastFeed, robotsTxt, sitemap, type TSiteInfo } from './feeds';

/**
 * Site-root pages built from the catalogue: the podcast and blog feeds, the sitemap and robots.txt. All public and
 * the same for everyone. The documents are built once: the catalogue does not change while the server runs.
 */
export function contentPagesRouter(deps: {
  catalogue: Catalogue;
  site: TSiteInfo;
  /** Serve podcast audio from content/media/podcast at this site path (when the media base is on this site). */
  localPodcastMediaPath?: string;
}): Router {
  const { catalogue, site } = deps;
  const r = Router();
  const documents = {
    podcast: podcastFeed(catalogue, site),
    blog: blogFeed(catalogue, site),
    sitemap: sitemap(catalogue, site),
    robots: robotsTxt(site),
  };
  const send = (type: string, body: string) => (_req: Request, res: Response) => {
    cachePublic(res, false);
    setEtag(res, body);
    res.type(type).send(body);
  };

  r.get('/podcast/feed.xml', send('application/rss+xml; charset=utf-8', documents.podcast));
  r.get('/blog/feed.xml', send('application/rss+xml; charset=utf-8', documents.blog));
  r.get('/sitemap.xml', send('application/xml; charset=utf-8', documents.sitemap));
  r.get('/robots.txt', send('text/plain; charset=utf-8', documents.robots));

  if (deps.localPodcastMediaPath) {
    // podcast audio is free; lesson media never goes through here (it is gated by the API)
    r.use(
      deps.localPodcastMediaPath,
      express.static(catalogue.podcastAudioDir(), { index: false, dotfiles: 'deny', maxAge: '1d', fallthrough: true }),
      (_req: Request, _res: Response) => {
        throw new NotFoundError('No such media file');
      },
    );
  }
  return r;
}
