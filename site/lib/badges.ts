import { makeBadge, renderBadge, type Badge, type BadgeSpec, type BadgeStatus } from '../../src/index.ts';
import { badgeImagePath, changedSincePath, pageTitleOf } from '../../src/site-entry.ts';
import { sinceView } from './since.ts';
import { pageText, specSet } from './spec.ts';

/**
 * A badge as the site publishes it: which revision a text was written for, how far behind
 * that is (revisions, and the breaking changes since: the "since" view's count, from the
 * same changes as every view), linking to the since view. `url` turns a site path into the
 * address a reader follows.
 */
export interface SiteBadge {
  spec: BadgeSpec;
  badge: Badge;
  /** Where the badge links (the since view, or a draft's own page). */
  link: string;
  image: string;
  svg: string;
  markdown: string;
  html: string;
}

export async function siteBadge(revision: string, page: string | null, url: (path: string) => string): Promise<SiteBadge> {
  const { revisions, latest } = specSet();
  const info = revisions.find((r) => r.id === revision)!;
  const status = info.status as BadgeStatus;
  const since = status === 'draft' ? null : await sinceView(revision, page);
  const link = url(changedSincePath(revisions, revision, page));
  const spec: BadgeSpec = {
    revision,
    status,
    page,
    pageTitle: page ? pageTitleOf(pageText(revision, page)) : null,
    latest: latest?.id ?? null,
    link,
    behind: since && since.steps.length > 0 ? { revisions: since.steps.length, breaking: since.impact.breaking } : null,
  };
  const image = url(badgeImagePath(revision, page));
  return {
    spec,
    badge: makeBadge(spec),
    link,
    image,
    svg: renderBadge(spec),
    markdown: renderBadge(spec, { format: 'markdown', imageUrl: image }).trim(),
    html: renderBadge(spec, { format: 'html', imageUrl: image }).trim(),
  };
}
