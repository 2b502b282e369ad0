import type { Change } from '../records/change.ts';

/**
 * In a diff of whole revisions the schema outranks an example. An example that leaves out
 * `id` reads as a notification; when both revisions' schemas define the method as the same
 * kind of message, the page's "no longer a request, now a notification" (or the reverse) is
 * an example's framing that changed, not the protocol: editorial, with the schema's word.
 */
const SCHEMA_ENVELOPE: Record<string, string> = { request: 'JSON-RPC request', notification: 'JSON-RPC notification' };

export function confirmEnvelopesBySchema(
  changes: readonly Change[],
  /** Each revision's schema: method → how it travels ('JSON-RPC request', …), see `schemaEnvelopes`. */
  schemas: { old: Readonly<Record<string, string>>; new: Readonly<Record<string, string>> },
): Change[] {
  return changes.map((change) => {
    if (change.id !== 'message-envelope-changed' || change.source === 'schema') return change;
    const from = SCHEMA_ENVELOPE[String(change.before?.['envelope'])];
    const to = SCHEMA_ENVELOPE[String(change.after?.['envelope'])];
    const oldDefined = schemas.old[change.subject];
    const newDefined = schemas.new[change.subject];
    if (!from || !to || !oldDefined || oldDefined !== newDefined || (oldDefined !== from && oldDefined !== to)) return change;
    return {
      ...change,
      level: 'editorial',
      levelReason: `both revisions' schemas define \`${change.subject}\` as a ${oldDefined}: only an example's framing changed, not the protocol`,
    };
  });
}

/** Method → envelope, as plain data (a cache can keep it as JSON). */
export function envelopesOf(messages: ReadonlyMap<string, { envelope: string }>): Record<string, string> {
  return Object.fromEntries([...messages].map(([method, m]) => [method, m.envelope]));
}
