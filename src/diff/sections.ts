import type { Section, SpecDocument, Subhead } from '../model/index.ts';
import { inSection } from '../model/document.ts';
import type { DiffContext, Emit } from './context.ts';
import { headingPathKey, sectionLabel } from './section-paths.ts';
import { dice, diceCeiling, normalizeText, pairUp, sameWording, tokens } from './similarity.ts';

/**
 * Pairs old and new sections: same heading path (section-paths.ts: not the page-wide
 * numbered anchor), then same heading elsewhere (moved), then same content under another
 * heading (renamed). The page's top (before any heading)
 * always pairs with itself.
 */
export function alignSections(oldDoc: SpecDocument, newDoc: SpecDocument): { oldToNew: Map<string, string>; newToOld: Map<string, string> } {
  const pathKeys = new Map<Section, string>([
    ...oldDoc.sections.map((s) => [s, headingPathKey(oldDoc, s)] as const),
    ...newDoc.sections.map((s) => [s, headingPathKey(newDoc, s)] as const),
  ]);
  const byPath = pairUp(oldDoc.sections, newDoc.sections, { key: (s) => pathKeys.get(s)!, score: () => 0, threshold: 1 });
  const byHeading = pairUp(byPath.removed, byPath.added, { key: (s) => normalizeText(s.heading), score: () => 0, threshold: 1 });
  // Each section's word sets once, not once per pair it is scored in (pairs grow with sections²),
  // and only for the sections left to pair by content (most pair by path).
  const oldWords = sectionWords(oldDoc, new Set(byHeading.removed.map((s) => s.id)));
  const newWords = sectionWords(newDoc, new Set(byHeading.added.map((s) => s.id)));
  const headingWords = new Map<Section, Set<string>>([...byHeading.removed, ...byHeading.added].map((s) => [s, new Set(tokens(s.heading))]));
  const empty = new Set<string>();
  const threshold = 0.45;
  const [contentWeight, headingWeight] = [0.6, 0.4];
  const byContent = pairUp(byHeading.removed, byHeading.added, {
    key: null,
    // Content says "same section", the heading breaks ties between look-alike examples.
    score: (o, n) => {
      const [a, b] = [oldWords.get(o.id) ?? empty, newWords.get(n.id) ?? empty];
      const [h, k] = [headingWords.get(o)!, headingWords.get(n)!];
      // Two sections with no words of their own have no content that could be the same.
      if (a.size === 0 && b.size === 0) return 0;
      // Sections whose sizes alone keep them under the threshold: skip counting shared words.
      if (contentWeight * diceCeiling(a.size, b.size) + headingWeight * diceCeiling(h.size, k.size) < threshold) return 0;
      return contentWeight * dice(a, b) + headingWeight * dice(h, k);
    },
    threshold,
    // A heading adds at most its weight, so the content's words must bring the rest: only
    // sections whose words can are scored (less a hair: a rounding error may widen the
    // search, never narrow it).
    alike: { old: (o) => oldWords.get(o.id) ?? empty, new: (n) => newWords.get(n.id) ?? empty, minDice: (threshold - headingWeight) / contentWeight - 1e-9 },
  });
  const oldToNew = new Map<string, string>();
  const newToOld = new Map<string, string>();
  const titles = pageTitles(oldDoc, newDoc, byContent.removed, byContent.added);
  for (const [o, n] of [...byPath.pairs, ...byHeading.pairs, ...byContent.pairs, ...titles]) {
    oldToNew.set(o.id, n.id);
    newToOld.set(n.id, o.id);
  }
  return { oldToNew, newToOld };
}

/**
 * A page's one top heading is its title, whatever it now reads ("B. Appendix: Glossary" →
 * "C. Appendix: Glossary" when appendices are lettered anew): the page was paired, so its
 * title is the same section, retitled. Only when each side has exactly one and neither found
 * a partner otherwise.
 */
function pageTitles(oldDoc: SpecDocument, newDoc: SpecDocument, oldLeft: readonly Section[], newLeft: readonly Section[]): [Section, Section][] {
  const title = (doc: SpecDocument, left: readonly Section[]) => {
    const top = doc.sections.filter((s) => s.id !== '' && (s.parentId === '' || s.parentId === null));
    return top.length === 1 && left.includes(top[0]!) ? top[0]! : null;
  };
  const [o, n] = [title(oldDoc, oldLeft), title(newDoc, newLeft)];
  return o && n ? [[o, n]] : [];
}

/**
 * The words of each asked-for section's own text (not its subsections'), for recognising a
 * renamed section: a set per section, added to in place (copying the list per block grew
 * with the square of a section's blocks).
 */
function sectionWords(doc: SpecDocument, sectionIds: ReadonlySet<string>): Map<string, Set<string>> {
  const words = new Map<string, Set<string>>();
  if (sectionIds.size === 0) return words;
  const add = (id: string, text: string) => {
    if (!sectionIds.has(id)) return;
    let set = words.get(id);
    if (!set) words.set(id, (set = new Set()));
    for (const word of tokens(text)) set.add(word);
  };
  for (const p of doc.prose) add(p.sectionId, p.text);
  for (const r of doc.rules) add(r.sectionId, r.text);
  for (const c of doc.codeBlocks) add(c.sectionId, c.value.slice(0, 200));
  return words;
}

export function diffSections(ctx: DiffContext, emit: Emit): void {
  for (const section of ctx.new.sections) {
    const oldId = ctx.newToOld.get(section.id);
    if (oldId === undefined) {
      if (isOutlineEntry(ctx.new, section)) continue;
      const label = subheadNamed(ctx.old, section.heading);
      if (label) {
        const was = labelPlace(ctx.old, label);
        emit({ id: 'section-moved', subject: sectionLabel(ctx.new, section), key: section.id, section: { old: was, new: sectionLabel(ctx.new, section) }, before: { text: label.text, line: label.line }, after: sideOf(section), detail: { from: was, to: parentPath(ctx.new, section), label: 'before' } });
        continue;
      }
      const holds = boundless(ctx.new, section);
      emit({ id: 'section-added', subject: sectionLabel(ctx.new, section), key: section.id, section: { old: null, new: sectionLabel(ctx.new, section) }, before: null, after: { ...sideOf(section), ...(holds ? { holds: holds.holds } : {}) }, ...(holds ? { level: holds.level, levelReason: holds.levelReason } : {}) });
      continue;
    }
    const before = ctx.old.sections.find((s) => s.id === oldId)!;
    const pair = { old: sectionLabel(ctx.old, before), new: sectionLabel(ctx.new, section) };
    if (!sameWording(before.heading, section.heading)) {
      emit({ id: 'section-renamed', subject: pair.new, key: `${before.id}→${section.id}`, section: pair, before: sideOf(before), after: sideOf(section) });
    }
    const oldParentNow = before.parentId === null ? null : ctx.oldToNew.get(before.parentId) ?? `old:${before.parentId}`;
    const from = parentPath(ctx.old, before);
    const to = parentPath(ctx.new, section);
    // A section whose parent path reads the same on both sides has not moved, whatever its anchors say;
    // nor has one whose parent was retitled past recognition (parentRetitled).
    if (section.parentId !== null && oldParentNow !== section.parentId && from !== to && !parentRetitled(ctx, before, section)) {
      emit({ id: 'section-moved', subject: pair.new, key: section.id, section: pair, before: sideOf(before), after: sideOf(section), detail: { from, to } });
    }
  }
  for (const section of ctx.old.sections) {
    if (ctx.oldToNew.has(section.id) || isOutlineEntry(ctx.old, section)) continue;
    const label = subheadNamed(ctx.new, section.heading);
    if (label) {
      const now = labelPlace(ctx.new, label);
      emit({ id: 'section-moved', subject: sectionLabel(ctx.old, section), key: section.id, section: { old: sectionLabel(ctx.old, section), new: now }, before: sideOf(section), after: { text: label.text, line: label.line }, detail: { from: parentPath(ctx.old, section), to: now, label: 'now' } });
      continue;
    }
    const holds = boundless(ctx.old, section);
    emit({ id: 'section-removed', subject: sectionLabel(ctx.old, section), key: section.id, section: { old: sectionLabel(ctx.old, section), new: null }, before: { ...sideOf(section), ...(holds ? { holds: holds.holds } : {}) }, after: null, ...(holds ? { level: holds.level, levelReason: holds.levelReason } : {}) });
  }
}

/**
 * A heading the other side writes as a paragraph in bold ("#### Limits" → "**Limits**", or
 * back): the same sub-section, its heading set another way. Only a name the page gives one
 * such paragraph counts: a label repeated under many sections heads none of them alone.
 */
function subheadNamed(doc: SpecDocument, heading: string): Subhead | null {
  const name = normalizeText(heading);
  const found = (doc.subheads ?? []).filter((s) => normalizeText(s.text) === name);
  return found.length === 1 ? found[0]! : null;
}

function labelPlace(doc: SpecDocument, label: Subhead): string {
  const section = doc.sections.find((s) => s.id === label.sectionId);
  return section && section.id !== '' ? sectionLabel(doc, section) : '(top)';
}

/**
 * A heading that is only a link to another page, with nothing under it (a spec's outline:
 * `# [Appendix: Conformance](Appendix A.md)`), is an entry of the outline: the page it links to
 * has records of its own, the entry coming or going is no section of text.
 */
function isOutlineEntry(doc: SpecDocument, section: Section): boolean {
  if (!section.linksTo) return false;
  const inside = (sectionId: string) => inSection(sectionId, section.id);
  return !doc.prose.some((p) => inside(p.sectionId)) && !doc.rules.some((r) => inside(r.sectionId)) && !doc.codeBlocks.some((c) => inside(c.sectionId)) && !doc.fields.some((f) => inside(f.sectionId));
}

/**
 * A section that states no duty and defines nothing binds no one: its coming or going is
 * editorial. It holds only code (an example under its own heading, "Explicit dialect
 * (draft-07):" over a JSON snippet; what the code defines has records of its own), or only
 * explanation (a threat described, a rationale, a pointer to where the duties are). The side
 * says which (`holds`), so examples under one new heading can be told as one.
 */
function boundless(doc: SpecDocument, section: Section): { level: 'editorial'; levelReason: string; holds: 'example' | 'explanation' } | null {
  const inside = (sectionId: string) => inSection(sectionId, section.id);
  const bindsOrDefines = doc.rules.some((r) => inside(r.sectionId))
    || doc.fields.some((f) => (f.origin === 'table' || f.origin === 'list') && inside(f.sectionId)) || (doc.entries ?? []).some((e) => inside(e.sectionId));
  if (bindsOrDefines) return null;
  const hasProse = doc.prose.some((p) => inside(p.sectionId));
  const hasCode = doc.codeBlocks.some((c) => inside(c.sectionId));
  if (hasCode && !hasProse) return { level: 'editorial', levelReason: 'The section holds only an example: it states no duty and defines nothing in words.', holds: 'example' };
  // Words with code may define what the code shows (a message, a type); words alone that name no message, capability, code or term only explain.
  const defines = hasCode || [doc.messages, doc.capabilities, doc.errorCodes, doc.terms, doc.fields].some((list: readonly { sectionId: string }[]) => list.some((x) => inside(x.sectionId)));
  if (hasProse && !defines) return { level: 'editorial', levelReason: 'The section explains without stating a duty or defining anything: what it points to is reported where it is defined.', holds: 'explanation' };
  return null;
}

/**
 * The section's old parent is gone and its new parent is new, and they hold the same family:
 * every kept child of the one is a child of the other ("B. Appendix: Grammar Summary" →
 * "C. Appendix: Grammar Summary", all its sections under it). That is one parent retitled past
 * recognition, not its children moved. A new parent that gathers children of several old
 * sections, or an old parent whose children went different ways, is a real rearrangement.
 */
function parentRetitled(ctx: DiffContext, before: Section, section: Section): boolean {
  const oldParent = before.parentId;
  const newParent = section.parentId;
  if (oldParent === null || newParent === null || ctx.oldToNew.has(oldParent) || ctx.newToOld.has(newParent)) return false;
  const keptOldChildren = ctx.old.sections.filter((s) => s.parentId === oldParent && ctx.oldToNew.has(s.id));
  const keptNewChildren = ctx.new.sections.filter((s) => s.parentId === newParent && ctx.newToOld.has(s.id));
  const oldParentOf = (id: string) => ctx.old.sections.find((s) => s.id === ctx.newToOld.get(id))?.parentId;
  return keptOldChildren.every((s) => ctx.new.sections.find((n) => n.id === ctx.oldToNew.get(s.id))?.parentId === newParent) && keptNewChildren.every((s) => oldParentOf(s.id) === oldParent);
}

/** Where a section sits: its parent's label ("(top)" at the page's top). */
function parentPath(doc: SpecDocument, section: Section): string {
  const parent = section.parentId === null ? undefined : doc.sections.find((s) => s.id === section.parentId);
  return parent && parent.id !== '' ? sectionLabel(doc, parent) : '(top)';
}

function sideOf(section: Section) {
  return { text: section.heading, line: section.lines.start, anchor: section.anchor, path: section.path.join(' › ') };
}
