import type { Rfc2119Keyword } from '../model/index.ts';
import { strength } from '../model/rules.ts';
import { catalogEntry } from '../records/catalog.ts';
import type { ChangeDraft } from '../records/change.ts';
import type { DiffContext } from './context.ts';

/**
 * A passage rewritten around its duties: a paragraph whose rule was reworded lost an absolute
 * rule (MUST, SHALL, REQUIRED), and absolute rules arrived right after the reworded one, with
 * nothing but new text between ("…MUST follow what the negotiation determines. The negotiation
 * MUST take precedence over the configured strategy." → "…MUST comply with the negotiation.
 * First, the strategy MUST be applied. Then, the negotiation MUST be applied."). Read one
 * sentence at a time, a duty was dropped and others imposed; read as the passage, its duties
 * were restated. The rules that left and came with the passage are flagged as such
 * (non-breaking, saying so) rather than each taken for a duty gone or a new one.
 */
export function levelRewrittenPassages(drafts: readonly ChangeDraft[], ctx: DiffContext): ChangeDraft[] {
  const added = drafts.filter((d) => isAbsolute(d, 'added'));
  const removed = drafts.filter((d) => isAbsolute(d, 'removed'));
  if (added.length === 0 || removed.length === 0) return [...drafts];
  const arrivedLines = new Set(drafts.filter((d) => d.before === null && d.after).map((d) => d.after!.line));
  const newLines = [...new Set([...ctx.new.rules.map((r) => r.line), ...ctx.new.prose.map((p) => p.line)])].sort((a, b) => a - b);
  const releveled = new Map<ChangeDraft, ChangeDraft>();
  for (const reworded of drafts.filter(isRewordedRule)) {
    const [was, now] = [reworded.before!.line, reworded.after!.line];
    if (was === null || now === null) continue;
    // A duty left the reworded rule's paragraph…
    const left = removed.filter((r) => r.before!.line === was && sameOld(r, reworded));
    if (left.length === 0) continue;
    // …and duties arrived in it or right after it, nothing but new text between.
    const came = added.filter((a) => {
      const at = a.after!.line;
      if (at === null || at < now || !sameNew(a, reworded)) return false;
      return newLines.every((line) => line <= now || line >= at || arrivedLines.has(line));
    });
    if (came.length === 0) continue;
    const where = `the passage at line ${now} ("${reworded.after!.text.slice(0, 60)}${reworded.after!.text.length > 60 ? '…' : ''}")`;
    for (const r of left) releveled.set(r, { ...r, level: 'non-breaking', levelReason: `${where} was rewritten with ${came.length === 1 ? 'a new absolute rule' : `${came.length} new absolute rules`} in its place: a duty restated, flagged for review` });
    for (const a of came) releveled.set(a, { ...a, level: 'non-breaking', levelReason: `it came with the rewrite of ${where}, whose older wording held ${left.length === 1 ? 'an absolute rule' : `${left.length} absolute rules`} that left: a duty restated, flagged for review` });
  }
  return drafts.map((d) => releveled.get(d) ?? d);
}

function isAbsolute(draft: ChangeDraft, action: 'added' | 'removed'): boolean {
  const entry = catalogEntry(draft.id);
  const side = action === 'added' ? draft.after : draft.before;
  return entry.kind === 'rule' && entry.action === action && side !== null && draft.level === undefined && typeof side.keyword === 'string' && strength(side.keyword as Rfc2119Keyword) === 3;
}

function isRewordedRule(draft: ChangeDraft): boolean {
  const entry = catalogEntry(draft.id);
  return entry.kind === 'rule' && entry.action === 'changed' && draft.before !== null && draft.after !== null;
}

const sameOld = (a: ChangeDraft, b: ChangeDraft) => a.section.old !== null && a.section.old === b.section.old;
const sameNew = (a: ChangeDraft, b: ChangeDraft) => a.section.new !== null && a.section.new === b.section.new;
