import type { APIRoute } from 'astro';
import { renderBadge, pageTitleOf, changedSincePath, type BadgeStatus } from '../../../src/index.ts';
import { pageText, pagesOf, specSet } from '../../lib/spec.ts';
import { href } from '../../lib/urls.ts';

/**
 * `/badge/REV.svg` and `/badge/REV/PAGE.svg`: a static badge for every revision and every
 * page of it, as `specdelta badge REV [--page PAGE]` prints it, linking to what changed since.
 */
export function getStaticPaths() {
  const { revisions } = specSet();
  return revisions.flatMap((r) => [
    { params: { slug: r.id }, props: { revision: r.id, status: r.status as BadgeStatus, page: null } },
    ...pagesOf(r.id).map((page) => ({ params: { slug: `${r.id}/${page}` }, props: { revision: r.id, status: r.status as BadgeStatus, page } })),
  ]);
}

export const GET: APIRoute = ({ props, site }) => {
  const { revision, status, page } = props as { revision: string; status: BadgeStatus; page: string | null };
  const { revisions, latest } = specSet();
  const path = href(import.meta.env.BASE_URL, changedSincePath(revisions, revision, page));
  const link = site ? new URL(path, site).href : path;
  const title = page ? pageTitleOf(pageText(revision, page)) : null;
  const svg = renderBadge({ revision, status, page, pageTitle: title, latest: latest?.id ?? null, link });
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml; charset=utf-8' } });
};
