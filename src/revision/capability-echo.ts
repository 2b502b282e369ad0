import type { Change } from '../records/change.ts';

/**
 * A capability option a page stopped (or started) showing, when the schema reports the
 * same capability field removed (or added), is one change: the schema's record says it
 * with the definition it sits in (`ClientCapabilities.roots.listChanged`); the page's
 * echo (`roots.listChanged`) is dropped.
 */
export function dropCapabilityEchoes(changes: readonly Change[]): Change[] {
  const schemaFields = changes.filter((c) => c.source === 'schema' && c.kind === 'schema-field');
  return changes.filter((change) => {
    if (change.kind !== 'capability' || change.source === 'schema' || (change.action !== 'added' && change.action !== 'removed')) return true;
    return !schemaFields.some((s) => s.action === change.action && s.subject.endsWith(`.${change.subject}`));
  });
}
