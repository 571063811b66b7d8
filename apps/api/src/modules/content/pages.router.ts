import type { Response } from 'express';
import { API_CONTRACT } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import { contractRouter } from '../../middleware/contract-router';
import { cachePublic, setEtag } from './cache';
import type { Catalogue } from './catalogue';
import { blogFeed, podcastFeed, robotsTxt, sitemap, type TSiteInfo } from './feeds';

const c = API_CONTRACT.site;

/**
 * Site-root documents built from the catalogue (libs/contracts site.contract.ts): the podcast and blog feeds, the
 * sitemap and robots.txt, all public and the same for everyone, built once (the catalogue does not change while
 * the server runs) except the podcast feed, built again when an episode's audio changes (the render runs beside).
 */
export function contentPagesRouter(deps: {
  catalogue: Catalogue;
  site: TSiteInfo;
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
  let podcast = { stamp: site.audioStamp(), body: podcastFeed(catalogue, site) };
  const documents = {
    blog: blogFeed(catalogue, site),
    sitemap: sitemap(catalogue, site),
    robots: robotsTxt(site),
  };

  r.add(c.podcastFeed, (_req, res) => {
    const stamp = site.audioStamp();
    if (stamp !== podcast.stamp) podcast = { stamp, body: podcastFeed(catalogue, site) };
    send(res, 'application/rss+xml; charset=utf-8', podcast.body);
  });
  r.add(c.blogFeed, (_req, res) => send(res, 'application/rss+xml; charset=utf-8', documents.blog));
  r.add(c.sitemap, (_req, res) => send(res, 'application/xml; charset=utf-8', documents.sitemap));
  r.add(c.robots, (_req, res) => send(res, 'text/plain; charset=utf-8', documents.robots));

  return r;
}
