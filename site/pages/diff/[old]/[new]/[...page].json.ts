import type { APIRoute } from 'astro';
import { pageJson } from '../../../../lib/reports.ts';
import { pagesOfPair, revisionPairs } from '../../../../lib/spec.ts';

/** `/diff/OLD/NEW/PAGE.json`: one page of the pair's report, as `specdelta diff OLD:PAGE NEW:PAGE --format json` prints it. */
export function getStaticPaths() {
  return revisionPairs().flatMap((pair) => pagesOfPair(pair).map((page) => ({ params: { old: pair.old, new: pair.new, page: page.key }, props: { pair, page } })));
}

export const GET: APIRoute = async ({ props }) =>
  new Response(await pageJson(props['pair'], props['page']), { headers: { 'content-type': 'application/json; charset=utf-8' } });
