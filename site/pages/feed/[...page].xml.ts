import type { APIRoute } from 'astro';
import { renderAtom } from '../../lib/atom.ts';
import { feedPages, pageFeed } from '../../lib/feeds.ts';
import { href } from '../../lib/urls.ts';

/** `/feed/PAGE.xml`: one page's Atom feed, each step of the timeline that changed it. */
export function getStaticPaths() {
  return feedPages().map((page) => ({ params: { page } }));
}

export const GET: APIRoute = async ({ params, site }) => {
  const base = import.meta.env.BASE_URL;
  const url = (path: string) => (site ? new URL(href(base, path), site).href : href(base, path));
  return new Response(renderAtom(await pageFeed(params['page']!, url)), { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
};
