import { describe, expect, it } from 'vitest';
import { diagramNames, isSequenceDiagram } from '../../src/detect/diagrams.ts';
import { citationsOfNames, citedStandards, citedTitles, linkedDocuments, normativeNames, standardName } from '../../src/detect/normative.ts';
import { tokenVariants, wellKnownName } from '../../src/detect/tokens.ts';

/**
 * How the fingerprint builder reads a spec page's structure: sequence diagrams, well-known
 * URIs, lists under a normative lead-in, and names the spec places in another standard's
 * document. Made-up pages: the rules are the spec's structure, not its names.
 */

describe('sequence diagrams', () => {
  const diagram = [
    'sequenceDiagram',
    '    participant C as Client',
    '    participant WidgetBroker',
    '    C->>WidgetBroker: GET /.well-known/widget-registry/tenant',
    '    WidgetBroker-->>C: 401 with widget_hint',
    '    Note over C: Read widget_hint<br/>from the header',
    '    alt Header has gadgetToken',
    '        C->>WidgetBroker: Run make_widget("Paris")',
    '    else No hint',
    '        Note over C: _Not applicable here_ (e.g. at the root)',
    '        C->>WidgetBroker: GET https://broker.example.com/widgets/list',
    '    end',
  ].join('\n');

  it('are told by their first line, in a mermaid block or an unlabelled one', () => {
    expect(isSequenceDiagram('mermaid', diagram)).toBe(true);
    expect(isSequenceDiagram(null, diagram)).toBe(true);
    expect(isSequenceDiagram('mermaid', 'graph LR\n  A --> B')).toBe(false);
    expect(isSequenceDiagram('json', diagram)).toBe(false);
  });

  it('show the names of their messages, notes and block labels, not participants, sample calls, placeholder hosts or abbreviations', () => {
    const names = diagramNames(diagram);
    expect(names).toEqual(expect.arrayContaining(['well-known/widget-registry', 'widget_hint', 'gadgetToken']));
    for (const absent of ['WidgetBroker', 'make_widget', 'broker.example.com/widgets/list', 'e.g', '_Not', 'Not']) expect(names, absent).not.toContain(absent);
  });
});

describe('well-known URIs (RFC 8615)', () => {
  it('are named by their first segment after /.well-known/, whatever the host or the path after it', () => {
    expect(wellKnownName('well-known/widget-registry/tenant1')).toBe('well-known/widget-registry');
    expect(wellKnownName('well-known/widget-registry')).toBe('well-known/widget-registry');
    expect(wellKnownName('example.com/.well-known/widget-registry/a/b')).toBe('well-known/widget-registry');
    expect(wellKnownName('widgets/list')).toBeNull();
    expect(tokenVariants('well-known/widget-registry/mcp')).toEqual(['well-known/widget-registry/mcp', 'well-known/widget-registry']);
  });

  it('in a URL on a placeholder host, are still defined by a normative page; the rest of the URL is a sample', () => {
    const page = [
      'For issuers with a path (e.g., `https://broker.example.com/tenant1`), clients **MUST** try, in order:',
      '',
      '1. Widget Registry with path insertion: `https://broker.example.com/.well-known/widget-registry/tenant1`',
      '2. Gadget Discovery: `https://broker.example.com/tenant1/.well-known/gadget-configuration`',
    ].join('\n');
    const { terms } = normativeNames(page);
    expect(terms).toEqual(expect.arrayContaining(['well-known/widget-registry', 'well-known/gadget-configuration']));
    expect(terms.some((t) => t.includes('example.com'))).toBe(false);
  });
});

describe('lists under a normative lead-in', () => {
  it('keep their scope in a nested list a list item introduces ("This can be either:")', () => {
    const page = [
      'Servers **MUST** offer one of the following:',
      '',
      '1. **Header**: send `widget_hint` on a 401.',
      '2. **Well-known URI**: serve the registry. This can be either:',
      '   - At the endpoint path: `https://example.com/.well-known/widget-registry/public/w`',
      '   - At the root: `gadgetRoot`',
      '',
      'Nothing here is normative: `notANormativeName`.',
    ].join('\n');
    const { terms } = normativeNames(page);
    expect(terms).toEqual(expect.arrayContaining(['widget_hint', 'well-known/widget-registry', 'gadgetRoot']));
    expect(terms).not.toContain('notANormativeName');
  });

  it('a host named example.com is no sentence presenting examples', () => {
    const page = ['Clients **MUST** try:', '', '1. The registry: `https://example.com/.well-known/widget-registry`', '2. For example, `sampleOnly`'].join('\n');
    const { terms } = normativeNames(page);
    expect(terms).toContain('well-known/widget-registry');
    expect(terms).not.toContain('sampleOnly');
  });
});

describe('names placed in another standard\'s document', () => {
  it('finds the standards a page cites: a title before a link to another site, or a title that is the link', () => {
    const page = [
      '- Widget 2.0 Registry Metadata',
      '  ([RFC9999](https://standards.example.org/rfc9999))',
      '- [Gadget Connect Discovery 1.0](https://gadgets.example.net/discovery)',
      '- [a lowercase link](https://elsewhere.example.org/)',
      '',
      '```',
      'Code Title Case ([RFC1](https://x.example.org/))',
      '```',
    ].join('\n');
    expect(citedStandards(page).sort()).toEqual(['gadget connect discovery', 'widget registry metadata']);
  });

  it('records a name a normative sentence places "in" a titled document, as written', () => {
    const page = 'Clients **SHOULD** register (via `register_url` in Widget Registry Metadata) when they can.';
    expect(normativeNames(page).borrowed).toEqual([['register_url', 'Widget Registry Metadata']]);
    expect(normativeNames('Clients **MUST** send `widgetId` in every request.').borrowed).toEqual([]);
  });
});

describe('the standards a name is cited beside', () => {
  it('knows an RFC by its number and an Internet-Draft by its name without version, wherever they are served', () => {
    const text = 'See [RFC9999 Section 5.1](https://datatracker.ietf.org/doc/html/rfc9999#section-5.1), [the draft](https://www.ietf.org/archive/id/draft-ietf-widget-tokens-07.html#section-2) and [JSON Schema](https://json-schema.org/draft-07/schema).';
    expect(linkedDocuments(text).sort()).toEqual(['draft-ietf-widget-tokens', 'rfc9999']);
  });

  it('names the document a section reference points into, not the section', () => {
    expect(standardName('Widget 2.0 Registry Metadata Section 3.2')).toBe('widget registry metadata');
    expect(standardName('RFC 9999 Section 5.1')).toBe('rfc');
  });

  it('tells a standard (its link an RFC or an Internet-Draft) from any titled link', () => {
    const page = 'Widget 2.0 Registry Metadata ([RFC9999](https://www.rfc-editor.org/rfc/rfc9999.html)) and [Gadget Forum Threads](https://forum.example.org/).';
    expect(citedTitles(page).get('widget registry metadata')).toEqual({ written: 'Widget 2.0 Registry Metadata', standard: 'rfc9999' });
    expect(citedTitles(page).get('gadget forum threads')?.standard).toBeNull();
  });

  it('pairs each name in inline code with what its sentence cites: links, titles, and titles written without a link', () => {
    const page = [
      'Servers **MUST** publish `widget_hint` as described in [RFC9999 Section 2](https://datatracker.ietf.org/doc/html/rfc9999#section-2).',
      '',
      '- **Widget Registry Metadata**: if `register_url` is absent, clients **MUST** stop.',
      '',
      'Clients **MUST** send `widgetId` on every call.',
    ].join('\n');
    const cited = citationsOfNames(page);
    expect([...(cited.get('widget_hint') ?? [])]).toContain('rfc9999');
    expect([...(cited.get('register_url') ?? [])]).toContain('widget registry metadata');
    expect(cited.has('widgetId')).toBe(false);
  });
});
