import type { APIRoute } from 'astro';
import { pageDiffJson } from '../../../../lib/diffs.ts';
import { pagesOfPair, revisionPairs } from '../../../../lib/spec.ts';

/** `/diff/OLD/NEW/PAGE.json`: the records of one diff page, as `specdelta diff --format json` prints them. */
export function getStaticPaths() {
  return revisionPairs().flatMap((pair) => pagesOfPair(pair).map((page) => ({ params: { old: pair.old, new: pair.new, page: page.key } })));
}

export const GET: APIRoute = ({ params }) =>
  new Response(pageDiffJson(params['old']!, params['new']!, params['page']!), { headers: { 'content-type': 'application/json; charset=utf-8' } });
