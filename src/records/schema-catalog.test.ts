import { describe, expect, it } from 'vitest';
import { catalogEntry } from './catalog.ts';
import { SCHEMA_CATALOG } from './schema-catalog.ts';

describe('schema catalog entries', () => {
  it.each(SCHEMA_CATALOG.map((e) => [e.id, e] as const))('%s is registered and complete', (id, entry) => {
    expect(catalogEntry(id)).toBe(entry);
    expect(entry.why.length).toBeGreaterThan(40);
    const message = entry.message({ id, subject: 'X.y', section: { old: 'X', new: 'X' }, before: { text: 'b', line: 1 }, after: { text: 'a', line: 2 }, detail: { from: 'string', to: 'integer' } });
    expect(message).toMatch(/`X\.y`|`string`|`integer`/);
    expect(message.endsWith('.')).toBe(true);
  });

  it('says how direction moves narrowing and widening off their defaults', () => {
    expect(catalogEntry('field-type-narrowed').why).toMatch(/results or notifications/);
    expect(catalogEntry('field-type-widened').why).toMatch(/results or notifications/);
  });
});
