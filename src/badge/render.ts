import { makeBadge, renderHtml, renderMarkdown, renderSvg, type BadgeSpec } from './badge.ts';

/** The library's badge verb (exported by src/index.ts), apart from the differ's verbs in library.ts. */
export type BadgeFormat = { format: 'svg' } | { format: 'markdown' | 'html'; /** Where the SVG is served. */ imageUrl: string };

/** A revision badge as SVG, or as a Markdown or HTML snippet that shows the SVG at `imageUrl`. */
export function renderBadge(spec: BadgeSpec, as: BadgeFormat = { format: 'svg' }): string {
  const badge = makeBadge(spec);
  switch (as.format) {
    case 'svg': return renderSvg(badge);
    case 'markdown': return renderMarkdown(badge, as.imageUrl);
    case 'html': return renderHtml(badge, as.imageUrl);
  }
}
