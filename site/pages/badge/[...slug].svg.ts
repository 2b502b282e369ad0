import type { APIRoute } from 'astro';
import { siteBadge } from '../../lib/badges.ts';
import { pagesOf, specSet } from '../../lib/spec.ts';
import { href } from '../../lib/urls.ts';
import { hasDetector } from '../../lib/spec-identity.ts';

/**
 * `/badge/REV.svg` and `/badge/REV/PAGE.svg`: a static badge for every revision and every
 * page of it, saying how far behind it is (badges.ts) and linking to what changed since.
 */
export function getStaticPaths() {
  // A spec the detector does not know has no badges (spec-identity.ts).
  if (!hasDetector()) return [];
  const { revisions } = specSet();
  return revisions.flatMap((r) => [
    { params: { slug: r.id }, props: { revision: r.id, page: null } },
    ...pagesOf(r.id).map((page) => ({ params: { slug: `${r.id}/${page}` }, props: { revision: r.id, page } })),
  ]);
}

export const GET: APIRoute = async ({ props, site }) => {
  const { revision, page } = props as { revision: string; page: string | null };
  const url = (path: string) => (site ? new URL(href(import.meta.env.BASE_URL, path), site).href : href(import.meta.env.BASE_URL, path));
  const { svg } = await siteBadge(revision, page, url);
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml; charset=utf-8' } });
};
