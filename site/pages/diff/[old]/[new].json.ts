import type { APIRoute } from 'astro';
import { pairJson } from '../../../lib/reports.ts';
import { revisionPairs } from '../../../lib/spec.ts';

/** `/diff/OLD/NEW.json`: every page and the schema of a revision pair, as `specdelta diff OLD NEW --format json` prints it. */
export function getStaticPaths() {
  return revisionPairs().map((pair) => ({ params: { old: pair.old, new: pair.new }, props: { pair } }));
}

export const GET: APIRoute = async ({ props }) =>
  new Response(await pairJson(props['pair']), { headers: { 'content-type': 'application/json; charset=utf-8' } });
