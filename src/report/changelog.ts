import type { ChangelogItemReading, ChangelogReading, NoChangelog } from '../changelog/index.ts';

/**
 * The `--changelog` part of a report, as lines for the text and Markdown renderers: the
 * headline counts, each item with its verdict and evidence, then the unannounced records
 * by page and theme (counts only: the records themselves are listed above, by section).
 */

const NOT_VISIBLE = 'not visible in the spec text';
const MAX_EVIDENCE = 3;

function changelogHeadline(reading: ChangelogReading): string {
  const { items, confirmed, notVisible, unannounced } = reading.summary;
  return `Changelog (${reading.page}): ${items} items, ${confirmed} confirmed by the diff, ${notVisible} ${NOT_VISIBLE}; ${unannounced} breaking or non-breaking records no item announces`;
}

export function changelogTextLines(reading: ChangelogReading | NoChangelog): string[] {
  if (reading.page === null) return [`Changelog: ${reading.note}`];
  const lines = [changelogHeadline(reading)];
  for (const item of reading.items) lines.push(`  ${item.status === 'confirmed' ? 'confirmed  ' : 'not visible'} ${itemName(item)}: ${clip(item.text)}  [${verdict(item)}]`);
  if (reading.unannounced.length > 0) {
    lines.push('', 'Unannounced changes (by page and theme):');
    for (const group of reading.unannounced) lines.push(`  ${group.page} › ${group.theme}: ${plural(group.records.length, 'record')}`);
  }
  return lines;
}

export function changelogMarkdownLines(reading: ChangelogReading | NoChangelog, escape: (s: string) => string): string[] {
  if (reading.page === null) return [`**Changelog:** ${escape(reading.note)}`, ''];
  const lines = [`### ${escape(changelogHeadline(reading))}`, '', '| item | verdict |', '| --- | --- |'];
  for (const item of reading.items) lines.push(`| ${escape(itemName(item))}: ${escape(clip(item.text))} | ${escape(verdict(item))} |`);
  lines.push('');
  if (reading.unannounced.length > 0) {
    lines.push(`<details><summary>Unannounced changes: ${reading.summary.unannounced} records in ${reading.unannounced.length} themes</summary>`, '');
    for (const group of reading.unannounced) lines.push(`- ${escape(`${group.page} › ${group.theme}`)}: ${plural(group.records.length, 'record')}`);
    lines.push('', '</details>', '');
  }
  return lines;
}

function itemName(item: ChangelogItemReading): string {
  return item.section ? `${item.section} ${item.number}` : `item ${item.number}`;
}

function verdict(item: ChangelogItemReading): string {
  if (item.status === 'not-visible') return NOT_VISIBLE;
  const shown = item.evidence.slice(0, MAX_EVIDENCE).join('; ');
  const more = item.evidence.length > MAX_EVIDENCE ? `; +${item.evidence.length - MAX_EVIDENCE} more` : '';
  return `${plural(item.records.length, 'record')}: ${shown}${more}`;
}

function clip(text: string, max = 100): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
