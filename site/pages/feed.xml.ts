import type { APIRoute } from 'astro';
import { renderAtom } from '../lib/atom.ts';
import { specFeed } from '../lib/feeds.ts';
import { href } from '../lib/urls.ts';

/** `/feed.xml`: the spec's Atom feed, each released revision and each change to the draft. */
export const GET: APIRoute = async ({ site }) => {
  const base = import.meta.env.BASE_URL;
  const url = (path: string) => (site ? new URL(href(base, path), site).href : href(base, path));
  return new Response(renderAtom(await specFeed(url)), { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
};
