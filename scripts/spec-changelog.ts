import { isBranchLikeName, isRevisionName, revisionOrder } from '../src/input/revision-order.ts';

/**
 * A spec's changelog kept as one file beside its revision folders (OpenTelemetry's
 * CHANGELOG.md: a section per release, `## v1.60.0 (2026-08-07)`), cut into the release
 * notes of each revision the site shows. A revision's notes are the sections of every
 * release after the revision shown before it, up to itself: what its pair with that one
 * changed, as a spec's own changelog page lists it for MCP. The site then reads them as it
 * reads such a page (src/changelog), so nothing else is told what a release heading is.
 */

interface Release {
  name: string;
  text: string;
}

/** Each shown revision (oldest first) → its notes, a Markdown page titled "Changelog"; a revision without any has none. */
export function releaseNotes(changelog: string, revisions: readonly string[]): Map<string, string> {
  const releases = releasesIn(changelog);
  const order = revisionOrder();
  const notes = new Map<string, string>();
  revisions.forEach((revision, i) => {
    const before = revisions[i - 1];
    // The first revision shown has no pair before it: its own release's notes only.
    const after = (name: string) => (before === undefined ? sameRelease(name, revision) : order(name, before) > 0 && !sameRelease(name, before));
    const mine = releases.filter((r) => after(r.name) && (order(r.name, revision) <= 0 || sameRelease(r.name, revision)));
    // Titled in front matter, not by a heading: an item's section is then its release's headings alone.
    if (mine.length > 0) notes.set(revision, `---\ntitle: Changelog\n---\n\n${mine.map((r) => r.text.trimEnd()).join('\n\n')}\n`);
  });
  return notes;
}

/** `v1.60.0` and `1.60.0` name one release: the heading and the folder may write it either way. */
function sameRelease(a: string, b: string): boolean {
  return a.replace(/^v(?=\d)/i, '') === b.replace(/^v(?=\d)/i, '');
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

/**
 * The file's release sections: headings whose first word is a revision name (`v1.60.0`,
 * `[1.2.0]`, `2025-06-18`), at the level of the first such heading, each to the next heading
 * as high. A heading inside a code block is text; "Unreleased" (a branch-like name) is no release.
 */
function releasesIn(markdown: string): Release[] {
  const releases: Release[] = [];
  let level = 0;
  let current: { name: string; lines: string[] } | null = null;
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const fenced = FENCE.exec(line);
    if (fenced && (fence === null || fenced[1]!.startsWith(fence))) fence = fence === null ? fenced[1]!.slice(0, 3) : null;
    const heading = fence === null && !fenced ? HEADING.exec(line) : null;
    if (heading) {
      const depth = heading[1]!.length;
      const name = heading[2]!.split(/\s/)[0]!.replace(/^\[|\]$/g, '');
      const release = name !== '' && isRevisionName(name) && !isBranchLikeName(name) && (level === 0 || depth === level);
      if (release || (level !== 0 && depth <= level)) {
        if (current) releases.push({ name: current.name, text: current.lines.join('\n') });
        current = release ? { name, lines: [] } : null;
        if (release) level = depth;
      }
    }
    current?.lines.push(line);
  }
  if (current) releases.push({ name: current.name, text: current.lines.join('\n') });
  return releases;
}
