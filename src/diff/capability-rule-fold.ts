import { catalogEntry } from '../records/catalog.ts';
import { levelRank, type ChangeDraft, type ChangeLevel } from '../records/change.ts';
import { tokens } from './similarity.ts';

/**
 * A capability that moved (declared in another place) and the rule that says where to
 * declare it, reworded to name the new place, are one change: the rule's new words are
 * the move. The rule is folded into the capability record, which carries its wording and
 * keyword on each side (`rule`, `keyword`) and the stronger of the two levels.
 */
export function foldCapabilityRules(drafts: readonly ChangeDraft[]): ChangeDraft[] {
  const folded = new Map<ChangeDraft, ChangeDraft>();
  const absorbed = new Set<ChangeDraft>();
  for (const move of drafts) {
    if (!isCapabilityMove(move)) continue;
    const rule = drafts.find((d) => !absorbed.has(d) && sameSections(d, move) && rewordedToNameTheMove(d, move));
    if (!rule) continue;
    absorbed.add(rule);
    folded.set(move, withRule(move, rule));
  }
  return drafts.filter((d) => !absorbed.has(d)).map((d) => folded.get(d) ?? d);
}

function isCapabilityMove(draft: ChangeDraft): boolean {
  const entry = catalogEntry(draft.id);
  return entry.kind === 'capability' && entry.action === 'moved' && typeof draft.after?.path === 'string';
}

function sameSections(a: ChangeDraft, b: ChangeDraft): boolean {
  return a.section.old === b.section.old && a.section.new === b.section.new;
}

/**
 * A rule of the same keyword and party that names the capability on both sides, and whose new words
 * include every word of the capability's new location: the rewording says where it moved.
 */
function rewordedToNameTheMove(rule: ChangeDraft, move: ChangeDraft): boolean {
  const entry = catalogEntry(rule.id);
  if (entry.kind !== 'rule' || entry.action !== 'changed' || !rule.before || !rule.after) return false;
  if (rule.before.keyword !== rule.after.keyword || rule.before.actor !== rule.after.actor) return false;
  const was = new Set(tokens(rule.before.text));
  const now = new Set(tokens(rule.after.text));
  // The name as a word of each wording (tokens, so `roots` and "root" are one name).
  const name = tokens(move.subject);
  if (name.length === 0 || !name.every((t) => was.has(t) && now.has(t))) return false;
  const location = tokens(String(move.after!.path));
  return location.length > 0 && location.every((t) => now.has(t) && !was.has(t));
}

function withRule(move: ChangeDraft, rule: ChangeDraft): ChangeDraft {
  const moveLevel = move.level ?? catalogEntry(move.id).level;
  const ruleLevel = rule.level ?? catalogEntry(rule.id).level;
  const level: ChangeLevel = levelRank(ruleLevel) < levelRank(moveLevel) ? ruleLevel : moveLevel;
  const folded: ChangeDraft = {
    ...move,
    before: { ...move.before!, rule: rule.before!.text, keyword: rule.before!.keyword },
    after: { ...move.after!, rule: rule.after!.text, keyword: rule.after!.keyword },
  };
  if (level !== moveLevel) {
    folded.level = level;
    folded.levelReason = rule.levelReason ?? `the ${rule.after!.keyword} rule that says where to declare it is ${level}`;
  }
  return folded;
}
