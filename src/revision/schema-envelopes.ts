import { envelopeLabel, isFramedCall, type Envelope } from '../core/envelopes.ts';
import type { Change } from '../records/change.ts';

/** Method → how the schema says it travels, as plain data (a cache can keep it as JSON). */
export type MethodEnvelopes = Readonly<Record<string, Envelope>>;

/**
 * In a diff of whole revisions the schema outranks an example. An example that leaves out
 * `id` reads as a notification; when both revisions' schemas define the method as the same
 * kind of message, the page's "no longer a request, now a notification" (or the reverse) is
 * an example's framing that changed, not the protocol: editorial, with the schema's word.
 * Pages and schemas name envelopes alike (core/envelopes.ts), so they compare as they are.
 */
export function confirmEnvelopesBySchema(changes: readonly Change[], schemas: { old: MethodEnvelopes; new: MethodEnvelopes }): Change[] {
  return changes.map((change) => {
    if (change.id !== 'message-envelope-changed' || change.source === 'schema') return change;
    const from = change.before?.['envelope'];
    const to = change.after?.['envelope'];
    const oldDefined = schemas.old[change.subject];
    const newDefined = schemas.new[change.subject];
    // Only a request and a notification are told apart by an example's `id` alone.
    if (!isFramedCall(from) || !isFramedCall(to) || !oldDefined || oldDefined !== newDefined || (oldDefined !== from && oldDefined !== to)) return change;
    return {
      ...change,
      level: 'editorial',
      levelReason: `both revisions' schemas define \`${change.subject}\` as a ${envelopeLabel(oldDefined)}: only an example's framing changed, not the protocol`,
    };
  });
}

export function envelopesOf(messages: ReadonlyMap<string, { envelope: Envelope }>): Record<string, Envelope> {
  return Object.fromEntries([...messages].map(([method, m]) => [method, m.envelope]));
}
