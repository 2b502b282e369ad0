import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffRevisionFolders } from '../../src/revision/revisions.ts';
import { fixturesDir } from '../../harness/paths.ts';

/**
 * A revision that calls a thing by another name on every page rewords a rule or two on each:
 * too few on one page for the page diff to read as the page's vocabulary, plain across the
 * revision (fixtures/revisions/revision-vocabulary; src/revision/revision-vocabulary.ts).
 */
describe('words the whole revision exchanged', () => {
  it('a rule whose only change is such an exchange is reworded, editorial; one that changed otherwise too is not', async () => {
    const dir = (side: string) => ({ dir: join(fixturesDir, 'revisions', 'revision-vocabulary', side), label: side });
    const { changes } = await diffRevisionFolders(dir('old'), dir('new'));
    expect(changes.map((c) => [c.page, c.id, c.level])).toEqual([
      ['delivery', 'rule-reworded', 'editorial'],
      ['delivery', 'rule-changed', 'non-breaking'],
      ['intake', 'rule-reworded', 'editorial'],
      ['intake', 'rule-reworded', 'editorial'],
    ]);
    expect(changes[0]!.message).toContain('(“batch” is “bundle” throughout the newer revision)');
  });
});
