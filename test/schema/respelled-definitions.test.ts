import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSchemaTexts } from '../../src/schema/index.ts';
import { fixturesDir } from '../../harness/paths.ts';

/** fixtures/schema/respelled-definitions: `definitions/Info` → `$defs/info` is one definition, whatever else changed in it (its default values too). */
describe('definitions respelled across case and keyword family', () => {
  const dir = join(fixturesDir, 'schema/respelled-definitions');
  const { changes } = diffSchemaTexts(readFileSync(join(dir, 'old.json'), 'utf8'), readFileSync(join(dir, 'new.json'), 'utf8'), { oldSource: 'old.json', newSource: 'new.json' });

  it('pairs each old definition with its respelling, even one whose shape changed a lot', () => {
    const renames = changes.filter((c) => c.id === 'definition-renamed').map((c) => c.message);
    expect(renames).toEqual([
      'Definition `Info` renamed to `info`.',
      'Definition `Contact` renamed to `contact`.',
      'Definition `ServerVariable` renamed to `server-variable`.',
      'Definition `Reference` renamed to `reference`.',
    ]);
    expect(changes.filter((c) => c.id === 'definition-removed')).toEqual([]);
  });

  it('keeps the changes inside them, and reports only the truly new definition as added', () => {
    expect(changes.filter((c) => c.id === 'field-added').map((c) => c.subject)).toEqual(['info.summary', 'contact.url', 'reference.summary']);
    expect(changes.filter((c) => c.id === 'definition-added').map((c) => c.subject)).toEqual(['specification-extensions']);
    // The reference from info.contact follows the respelling: no type change.
    expect(changes.some((c) => c.subject === 'info.contact')).toBe(false);
  });

  it('compares default values', () => {
    const record = changes.find((c) => c.id === 'field-default-changed');
    expect(record).toMatchObject({ subject: 'server-variable.mode', level: 'breaking', message: 'Default of field `server-variable.mode` changed from `"*"` to `"none"`.' });
    expect([record?.before?.['default'], record?.after?.['default']]).toEqual(['"*"', '"none"']);
  });
});
