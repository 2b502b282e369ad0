import measure from 'anafanafo';

/**
 * Badges in the shields.io "flat" style: a grey label ("MCP elicitation") beside a coloured
 * message ("2025-11-25 · superseded"). Text widths are measured with anafanafo's Verdana
 * 11px tables (what shields.io uses), so the badge is exactly as wide as its text; colour and
 * wording follow the revision's status. Every piece of text is escaped, and the SVG carries
 * a <title> and an aria-label for screen readers.
 */

export type BadgeStatus = 'latest' | 'superseded' | 'draft';

export interface BadgeSpec {
  revision: string;
  status: BadgeStatus;
  /** Page id ("client/elicitation"), or null for the whole specification. */
  page?: string | null;
  /** The page's title ("Elicitation"); derived from the page id when absent. */
  pageTitle?: string | null;
  /** The latest released revision, named in the title of a superseded badge. */
  latest?: string | null;
  /** Where the badge links: the site's "what changed since this revision" page. */
  link?: string | null;
  /**
   * How far behind a superseded revision is: the released revisions since it and, when
   * known (the site counts them from its changes), the breaking changes since.
   */
  behind?: { revisions: number; breaking?: number | null } | null;
}

export interface Badge {
  label: string;
  message: string;
  /** The accessible description: says in words what the colour says. */
  title: string;
  color: string;
  labelColor: string;
  link: string | null;
  /** Measured text widths and the boxes around them, in pixels. */
  labelTextWidth: number;
  messageTextWidth: number;
  labelWidth: number;
  messageWidth: number;
  width: number;
  height: number;
}

/** Colours by status, with the word that goes with each (colour is never the only signal). */
export const STATUS_STYLE: Record<BadgeStatus, { color: string; word: string }> = {
  latest: { color: '#2e7d32', word: 'latest' },
  superseded: { color: '#c2410c', word: 'superseded' },
  draft: { color: '#1d4ed8', word: 'draft' },
};
const LABEL_COLOR = '#555';
const FONT = '11px Verdana' as const;
const PADDING = 5;
const HEIGHT = 20;

export function makeBadge(spec: BadgeSpec): Badge {
  const label = `MCP ${spec.page ? pageLabel(spec.page, spec.pageTitle ?? null) : 'spec'}`;
  const style = STATUS_STYLE[spec.status];
  const behind = spec.status === 'superseded' && spec.behind && spec.behind.revisions > 0 ? spec.behind : null;
  const message = spec.status === 'draft' && spec.revision === 'draft'
    ? 'draft · unreleased'
    : behind
      ? [spec.revision, `${behind.revisions} revision${behind.revisions === 1 ? '' : 's'} behind`, ...(typeof behind.breaking === 'number' ? [`${behind.breaking} breaking since`] : [])].join(' · ')
      : `${spec.revision} · ${style.word}`;
  const subject = spec.page ? `MCP ${pageLabel(spec.page, spec.pageTitle ?? null)}` : 'The MCP specification';
  const title = spec.status === 'latest'
    ? `${subject}: written for revision ${spec.revision}, the latest revision.`
    : spec.status === 'draft'
      ? `${subject}: written for the draft revision, which is not released yet.`
      : `${subject}: written for revision ${spec.revision}, superseded${spec.latest ? ` by ${spec.latest}` : ''}${behind ? ` (${behind.revisions} revision${behind.revisions === 1 ? '' : 's'} behind${typeof behind.breaking === 'number' ? `, ${behind.breaking} breaking change${behind.breaking === 1 ? '' : 's'} since` : ''})` : ''}.${spec.link ? ' Follow the link for what changed since.' : ''}`;
  const labelTextWidth = textWidth(label);
  const messageTextWidth = textWidth(message);
  const labelWidth = labelTextWidth + 2 * PADDING;
  const messageWidth = messageTextWidth + 2 * PADDING;
  return {
    label, message, title, color: style.color, labelColor: LABEL_COLOR, link: spec.link ?? null,
    labelTextWidth, messageTextWidth, labelWidth, messageWidth, width: labelWidth + messageWidth, height: HEIGHT,
  };
}

/** Measured width rounded up to an odd number of pixels, so the text centres on a pixel (as shields.io does). */
export function textWidth(text: string): number {
  const width = Math.ceil(measure(text, { font: FONT, guess: true }));
  return width % 2 === 0 ? width + 1 : width;
}

/** "client/elicitation" → "elicitation"; "basic/index" → "basic"; a title wins when known, lower-cased unless it has an acronym. */
export function pageLabel(page: string, title: string | null): string {
  if (title && title.trim()) {
    const clean = title.trim().replace(/\s+/g, ' ');
    return /[A-Z]{2}/.test(clean) ? clean : clean.toLowerCase();
  }
  const parts = page.split('/').filter(Boolean);
  const last = parts.at(-1) === 'index' && parts.length > 1 ? parts.at(-2)! : parts.at(-1) ?? page;
  return last.replace(/[-_]+/g, ' ');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function renderSvg(badge: Badge): string {
  const { width, height, labelWidth, messageWidth } = badge;
  const label = escapeXml(badge.label);
  const message = escapeXml(badge.message);
  const title = escapeXml(badge.title);
  // Text is drawn at 10× and scaled down, for sub-pixel placement (the shields.io technique).
  const labelX = (labelWidth / 2) * 10;
  const messageX = (labelWidth + messageWidth / 2) * 10;
  const body = [
    `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>`,
    `<clipPath id="r"><rect width="${width}" height="${height}" rx="3" fill="#fff"/></clipPath>`,
    `<g clip-path="url(#r)"><rect width="${labelWidth}" height="${height}" fill="${badge.labelColor}"/><rect x="${labelWidth}" width="${messageWidth}" height="${height}" fill="${badge.color}"/><rect width="${width}" height="${height}" fill="url(#s)"/></g>`,
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="110">`,
    `<text aria-hidden="true" x="${labelX}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" textLength="${badge.labelTextWidth * 10}">${label}</text>`,
    `<text x="${labelX}" y="140" transform="scale(.1)" fill="#fff" textLength="${badge.labelTextWidth * 10}">${label}</text>`,
    `<text aria-hidden="true" x="${messageX}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" textLength="${badge.messageTextWidth * 10}">${message}</text>`,
    `<text x="${messageX}" y="140" transform="scale(.1)" fill="#fff" textLength="${badge.messageTextWidth * 10}">${message}</text>`,
    `</g>`,
  ].join('');
  const linked = badge.link ? `<a xlink:href="${escapeXml(badge.link)}" href="${escapeXml(badge.link)}" target="_blank">${body}</a>` : body;
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}"><title>${title}</title>${linked}</svg>\n`;
}

/** `[![alt](image)](link)`: brackets and backslashes in the alt text escaped, URLs made safe for Markdown. */
export function renderMarkdown(badge: Badge, imageUrl: string): string {
  const alt = `${badge.label}: ${badge.message}`.replace(/([\\[\]])/g, '\\$1');
  const image = `![${alt}](${markdownUrl(imageUrl)} "${badge.title.replace(/(["\\])/g, '\\$1')}")`;
  return `${badge.link ? `[${image}](${markdownUrl(badge.link)})` : image}\n`;
}

export function renderHtml(badge: Badge, imageUrl: string): string {
  const img = `<img src="${escapeXml(imageUrl)}" alt="${escapeXml(`${badge.label}: ${badge.message}`)}" title="${escapeXml(badge.title)}" width="${badge.width}" height="${badge.height}">`;
  return `${badge.link ? `<a href="${escapeXml(badge.link)}">${img}</a>` : img}\n`;
}

function markdownUrl(url: string): string {
  return url.replace(/[\s()<>]/g, (c) => encodeURIComponent(c));
}
