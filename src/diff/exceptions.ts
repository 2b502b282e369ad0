/**
 * A statement of what a thing includes, given an exception or losing one ("All of the
 * parameters are passed" → "All of the parameters except `deadline` are passed"): the names
 * it leaves out changed, so what it includes changed, whatever the few words say. Only names
 * in code count, the ones a reader can look up.
 */
const EXCEPTION = /\b(?:except(?:\s+for)?|other\s+than|but\s+not|excluding|apart\s+from|save\s+for)\s+((?:`[^`]+`(?:\s*(?:,|and|or|,\s*and|,\s*or)\s*)?)+)/gi;

function leftOut(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(EXCEPTION)) for (const name of m[1]!.matchAll(/`([^`]+)`/g)) names.add(name[1]!);
  return names;
}

/** How the names a paragraph leaves out changed, said for its record; null when they did not. */
export function exceptionsChanged(before: string, after: string): string | null {
  const [was, now] = [leftOut(before), leftOut(after)];
  const gained = [...now].filter((n) => !was.has(n) && !new RegExp(`\`${escape(n)}\``).test(before));
  const lost = [...was].filter((n) => !now.has(n) && !new RegExp(`\`${escape(n)}\``).test(after));
  if (gained.length === 0 && lost.length === 0) return null;
  const list = (names: string[]) => names.map((n) => `\`${n}\``).join(', ');
  return [gained.length ? `it now leaves out ${list(gained)}` : '', lost.length ? `it no longer leaves out ${list(lost)}` : ''].filter(Boolean).join('; ');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
