import type { Change } from '../records/change.ts';

/**
 * Who must act on a record. The parties are not known by name: they are read from the
 * records themselves, as the two ends of the message directions the differ recorded
 * ("client → server"). A rule whose actor names one party ("clients MUST…", "authorization
 * servers SHOULD…": the last word, singular) is that party's; a shape whose senders the
 * schema names (`mustSend`) is theirs; anything else is every party's.
 */

function sides(change: Change): Array<NonNullable<Change['before']>> {
  return [change.after, change.before].filter((s): s is NonNullable<Change['before']> => s !== null && s !== undefined);
}

/** The parties named as the ends of message directions, in order of first appearance. */
export function partiesOf(changes: readonly Change[]): string[] {
  const parties: string[] = [];
  for (const change of changes) {
    for (const side of sides(change)) {
      if (typeof side['direction'] !== 'string' || !side['direction'].includes('→')) continue;
      for (const end of side['direction'].split(/\s*(?:→|->)\s*/)) {
        const party = end.trim().toLowerCase();
        if (party && /^[a-z][a-z -]*$/.test(party) && !parties.includes(party)) parties.push(party);
      }
    }
  }
  return parties;
}

function singular(word: string): string {
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The one party a record's actor (or the schema's senders) names, or null when it names none or several. */
export function roleOf(change: Change, parties: readonly string[]): string | null {
  const named = new Set<string>();
  for (const side of sides(change)) {
    const phrases = [side.actor, side['mustSend']].filter((p): p is string => typeof p === 'string');
    for (const phrase of phrases.flatMap((p) => p.toLowerCase().split(/\s*(?:,|\band\b|\bor\b|\/)\s*/))) {
      const last = singular(phrase.trim().split(/\s+/).at(-1) ?? '');
      if (parties.includes(last)) named.add(last);
    }
  }
  return named.size === 1 ? [...named][0]! : null;
}
