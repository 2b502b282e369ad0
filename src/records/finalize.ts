import { hash } from 'node:crypto';
import { catalogEntry } from './catalog.ts';
import type { Change, ChangeDraft } from './change.ts';

/** Turns a differ's draft into a contract record: kind, action, level and message from the catalog. */
export function finalizeChange(draft: ChangeDraft): Change {
  const entry = catalogEntry(draft.id);
  const change: Change = {
    id: draft.id,
    kind: entry.kind,
    action: entry.action,
    level: draft.level ?? entry.level,
    subject: draft.subject,
    section: draft.section,
    before: draft.before,
    after: draft.after,
    message: entry.message(draft) + onlySomeAlternatives(draft) + inheritedBy(draft) + alsoStatedAt(draft.after),
    fingerprint: fingerprint(draft),
  };
  if (draft.source) change.source = draft.source;
  if (draft.level && draft.level !== entry.level) change.levelReason = draft.levelReason ?? '';
  return change;
}

/**
 * 12 hex chars from what identifies the change, not from how it is worded: the catalog id,
 * the draft's key (or subject) and the sections it sits in. Rewording a message, or
 * re-running, leaves it the same.
 */
function fingerprint(draft: ChangeDraft): string {
  const identity = [draft.source ?? 'page', draft.id, draft.key ?? draft.subject, draft.section.old ?? '', draft.section.new ?? ''].join('\u0000');
  return hash('sha256', identity, 'hex').slice(0, 12);
}

/**
 * A field that only some alternatives of a union carry: the record says which, so "now
 * optional" is not read as optional everywhere (it is still required where it was).
 */
function onlySomeAlternatives(draft: ChangeDraft): string {
  const alternatives = (draft.after ?? draft.before)?.['alternatives'] as { definedIn: string[]; requiredIn: string[]; absentFrom: string[] } | undefined;
  if (!alternatives) return '';
  const names = (list: string[]) => list.map((n) => `\`${n}\``).join(', ');
  if (draft.id === 'field-became-optional' && alternatives.requiredIn.length > 0) return ` Still required in ${names(alternatives.requiredIn)}; ${names(alternatives.absentFrom.length ? alternatives.absentFrom : alternatives.definedIn.filter((d) => !alternatives.requiredIn.includes(d)))} ${alternatives.absentFrom.length ? (alternatives.absentFrom.length === 1 ? 'lacks' : 'lack') : 'make it optional'}${alternatives.absentFrom.length ? ' it' : ''}.`;
  if (alternatives.absentFrom.length > 0) return ` Only in ${names(alternatives.definedIn)}, not in ${names(alternatives.absentFrom)}.`;
  return '';
}

/** A change made once to a shared shape names the definitions that inherit it. */
function inheritedBy(draft: ChangeDraft): string {
  const inheritors = (draft.after ?? draft.before)?.['inheritors'];
  if (!Array.isArray(inheritors) || inheritors.length === 0) return '';
  const names = inheritors.map(String);
  const shown = names.slice(0, 8).join(', ');
  return ` Inherited by ${names.length} definition${names.length === 1 ? '' : 's'}: ${shown}${names.length > 8 ? `, and ${names.length - 8} more` : ''}.`;
}

/** A statement the newer revision makes on several pages is one record; it names the other places. */
export function alsoStatedAt(side: ChangeDraft['after']): string {
  const places = side?.['alsoAt'];
  if (!Array.isArray(places) || places.length === 0) return '';
  return ` Also stated at ${places.map(String).join('; ')}.`;
}
