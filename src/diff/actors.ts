/**
 * Who a rule binds, as a set. Generic roles ("receivers", "either party",
 * "implementations") name whichever party plays them, so they cover every specific party
 * (clients, servers, hosts…): a rule that moves from "receivers" to "servers" binds fewer
 * parties, and nobody who was free before must now comply.
 */
/** Roles any party may play in a given exchange: they cover each specific party. */
const ROLES = new Set(['senders', 'receivers', 'recipients', 'requesters', 'responders']);
/** Every party at once: they cover the roles too. */
const EVERYONE = new Set(['parties', 'peers', 'implementations', 'implementers']);

/** Does binding `general` already bind `specific`? */
function covers(general: string, specific: string): boolean {
  if (general === specific || EVERYONE.has(general)) return true;
  return ROLES.has(general) && !ROLES.has(specific) && !EVERYONE.has(specific);
}

interface ActorChange {
  /** Parties bound now that no party bound before covers: they must newly comply. */
  newlyBound: string[];
  /** Parties bound before that nothing bound now covers: they are free of the rule. */
  released: string[];
}

/** How the set of bound parties changed; null when both sides bind the same parties. */
export function compareActors(before: readonly string[], after: readonly string[]): ActorChange | null {
  const same = before.length === after.length && before.every((a) => after.includes(a));
  if (same) return null;
  return {
    newlyBound: after.filter((a) => !before.some((b) => covers(b, a))),
    released: before.filter((b) => !after.some((a) => covers(a, b))),
  };
}

/** Whether binding `before` already bound every party of `after` (both named). */
export function alreadyBound(before: readonly string[], after: readonly string[]): boolean {
  return before.length > 0 && after.length > 0 && after.every((a) => before.some((b) => covers(b, a)));
}
