import { describe, expect, it } from 'vitest';
import { actorsIn } from './rules.ts';
import { partiesOf } from './parties.ts';

describe('the parties a rule binds come from the document', () => {
  const doc = 'An authorization server (AS) issues tokens. The authorization server keeps keys. A resource server (RS) serves data; each resource server checks tokens.';
  const parties = partiesOf(doc);

  it('kinds the document names again and again, and the abbreviations it defines', () => {
    expect(parties.abbreviations).toEqual({ AS: 'authorization servers', RS: 'resource servers' });
    expect(actorsIn('An AS ', parties)).toEqual(['authorization servers']);
    expect(actorsIn('Each resource server ', parties)).toEqual(['resource servers']);
    // "as" in lower case is a word, not the abbreviation.
    expect(actorsIn('As soon as possible, the client ', parties)).toEqual(['clients']);
  });

  it('a name before a role qualifies it; the generic roles need no list of any protocol', () => {
    expect(actorsIn('MCP clients and OAuth servers ')).toEqual(['clients', 'servers']);
    expect(actorsIn('A widget server ')).toEqual(['servers']);
    expect(actorsIn('A widget server ', partiesOf('The widget server stores widgets. Every widget server answers.'))).toEqual(['widget servers']);
  });
});
