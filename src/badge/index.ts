/** Badges: which revision a page was written for, in the shields.io style (anafanafo measures the text; no Node APIs). */
export { makeBadge, renderSvg, renderMarkdown, renderHtml, textWidth, pageLabel, escapeXml, STATUS_STYLE, type Badge, type BadgeSpec, type BadgeStatus } from './badge.ts';
export { badgeImagePath, changedSincePath, siteUrl, type BadgeRevision } from './urls.ts';
export { pageTitleOf } from './title.ts';
