import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { diffPageTexts } from '../../src/diff/index.ts';
import { buildFingerprints } from '../../src/detect/build.ts';
import { detectRevision } from '../../src/detect/detect.ts';
import type { FingerprintData, Marker } from '../../src/detect/fingerprints.ts';
import { openSpecTree } from '../../src/input/spec-tree.ts';
import { mirrorAvailable, repoRoot } from '../../harness/paths.ts';
import { detectFixtures, testFingerprints } from '../../harness/detect-corpus.ts';

/**
 * The fingerprints are derived from the differs, never written by hand: a made-up protocol
 * is learnt from its own diffs, and on the real spec every marker traces back to a change
 * record and spans exactly the revisions that carry it.
 */

describe('a made-up protocol is learnt from its diffs alone', () => {
  let data: FingerprintData;
  const marker = (key: string) => data.markers.find((m) => m.key === key);

  beforeAll(async () => {
    data = await buildFingerprints(await openSpecTree(join(detectFixtures, 'mini-spec'), 'mini-spec'));
  });

  it('orders the revisions and marks the newest latest', () => {
    expect(data.revisions.map((r) => [r.id, r.status])).toEqual([['2030-01-01', 'superseded'], ['2030-06-01', 'superseded'], ['2031-01-01', 'latest']]);
  });

  it('knows what each revision introduced and removed', () => {
    expect(marker('term:spintrackingid')?.span).toEqual(['2030-06-01']);
    expect(marker('term:notifications/widgets/stopped')?.span).toEqual(['2030-06-01']);
    expect(marker('error:-32077')?.span).toEqual(['2030-06-01']);
    expect(marker('envelope:widgets/spin:framed')?.span).toEqual(['2030-01-01', '2030-06-01']);
    expect(marker('envelope:widgets/spin:embedded')?.span).toEqual(['2031-01-01']);
    expect(marker('capability:widgets@capabilities')?.span).toEqual(['2030-01-01', '2030-06-01']);
    expect(marker('capability:widgets@_meta.org.example/clientCapabilities')?.span).toEqual(['2031-01-01']);
    expect(marker('capopt:widgets.tracked')?.span).toEqual(['2030-06-01', '2031-01-01']);
    expect(marker('term:resumetoken')?.span).toEqual(['2031-01-01']);
    expect(marker('section:spin required error')?.span).toEqual(['2030-06-01']);
  });

  it('keeps nothing every revision has', () => {
    expect(marker('term:widgets/spin')).toBeUndefined();
    expect(marker('term:spinspeed')).toBeUndefined();
    for (const m of data.markers) {
      expect(m.span.length).toBeGreaterThan(0);
      expect(m.span.length).toBeLessThan(data.revisions.length);
    }
  });

  it('names the change records where a marker came and went, by revision, page and fingerprint', async () => {
    const tree = await openSpecTree(join(detectFixtures, 'mini-spec'), 'mini-spec');
    const ids = data.revisions.map((r) => r.id);
    const read = async (revision: string, page: string) => ((await tree.pages(revision)).includes(page) ? tree.page(revision, page) : '');
    let removals = 0;
    for (const m of data.markers) {
      const edges = [m.span[0], ids[ids.indexOf(m.span.at(-1)!) + 1]];
      for (const record of m.records ?? []) {
        expect(edges, m.key).toContain(record.revision);
        if (record.revision === edges[1]) removals += 1;
        // A record the page differ gives for that page between the revision and the one before it.
        const before = ids[ids.indexOf(record.revision) - 1]!;
        const { changes } = diffPageTexts(await read(before, record.page), await read(record.revision, record.page));
        expect(changes.map((c) => c.fingerprint), `${m.key}: ${record.page}`).toContain(record.fingerprint);
      }
    }
    expect(removals).toBeGreaterThan(0);
    expect(marker('capability:widgets@capabilities')!.records!.map((r) => r.revision)).toContain('2031-01-01');
  });

  it('keeps a feature a revision moves into an extension of its name: its names run on, how the core declared it does not', () => {
    // 2030-06-01 has a gadgets page; 2031-01-01 drops it and advertises `org.example/gadgets` as an extension.
    const moved = { name: 'org.example/gadgets', since: '2031-01-01' };
    for (const key of ['term:gadgets/poll', 'term:gadgetid', 'term:gadgetstate']) {
      expect(marker(key)?.span, key).toEqual(['2030-06-01', '2031-01-01']);
      expect(marker(key)?.extension, key).toEqual(moved);
    }
    expect(marker('capability:gadgets@capabilities')?.span).toEqual(['2030-06-01']);
    expect(marker('capability:gadgets@capabilities')?.extension).toBeUndefined();
    // A name under the protocol's own namespace is its own, even where only an example shows it.
    expect(marker('term:org.example/gadgets')?.span).toEqual(['2031-01-01']);
    const polled = 'Poll it:\n\n```json\n{"jsonrpc":"2.0","id":2,"method":"gadgets/poll","params":{"gadgetId":"g"}}\n```\n';
    expect(detectRevision(polled, data).revision).toBe('2030-06-01');
    expect(detectRevision(`${polled}\nAdvertise \`org.example/gadgets\` under \`extensions\`.\n`, data).revision).toBe('2031-01-01');
  });

  it('gives a namespaced key its bare name', () => {
    expect(marker('term:org.example/clientCapabilities')?.bare).toBe('clientCapabilities');
  });

  it('tells tutorials of that protocol apart', () => {
    const tracked = 'Track the spin:\n\n```json\n{"jsonrpc":"2.0","id":4,"method":"widgets/spin","params":{"spinSpeed":1,"spinTrackingId":"x"}}\n```\n';
    const pending = 'Return the spin:\n\n```ts\nreturn { pendingCalls: { a: { method: "widgets/spin", params: { spinSpeed: 1 } } }, resumeToken: token };\n```\n';
    expect(detectRevision(tracked, data).revision).toBe('2030-06-01');
    expect(detectRevision(pending, data).revision).toBe('2031-01-01');
    expect(detectRevision(`${tracked}\n${pending}`, data).revisions).toEqual(['2030-06-01', '2031-01-01']);
    expect(detectRevision(tracked, data).outdated.map((o) => o.token)).toContain('spinTrackingId');
  });
});

describe.skipIf(!mirrorAvailable())('the real spec (../shared/mcp-spec)', () => {
  let data: FingerprintData;
  const marker = (key: string): Marker | undefined => data.markers.find((m) => m.key === key);

  beforeAll(async () => {
    data = await testFingerprints();
  }, 120_000);

  it('derives the elicitation changes the article describes', () => {
    expect(marker('term:elicitationid')?.span).toEqual(['2025-11-25']);
    expect(marker('term:notifications/elicitation/complete')?.span).toEqual(['2025-11-25']);
    expect(marker('error:-32042')?.span).toEqual(['2025-11-25']);
    expect(marker('envelope:elicitation/create:framed')?.span).toEqual(['2025-06-18', '2025-11-25']);
    expect(marker('envelope:elicitation/create:embedded')?.span).toEqual(['2026-07-28', 'draft']);
    expect(marker('capability:elicitation@capabilities')?.span).toEqual(['2025-06-18', '2025-11-25']);
    expect(marker('capability:elicitation@_meta.io.modelcontextprotocol/clientCapabilities')?.span).toEqual(['2026-07-28', 'draft']);
    expect(marker('term:inputrequiredresult')?.span).toEqual(['2026-07-28', 'draft']);
    expect(marker('term:requeststate')?.span).toEqual(['2026-07-28', 'draft']);
  });

  it('traces markers to the change records of the page or schema differ where a differ reported them', () => {
    // Names are found by where they are defined; most also come with the records that brought or removed them.
    expect(data.markers.filter((m) => m.origins.length > 0).length).toBeGreaterThan(data.markers.length / 3);
    for (const m of data.markers) {
      for (const origin of m.origins) expect(origin, m.key).toMatch(/^(\d{4}-\d{2}-\d{2}|draft) (schema|[\w/.-]+): [a-z-]+$/);
    }
  });

  it('never takes a name only the spec\'s examples show (a sample tool, a placeholder host)', () => {
    for (const sample of ['term:getuser', 'term:basketid', 'term:dataexportv2', 'term:mcp.example.com', 'term:treceived']) expect(marker(sample), sample).toBeUndefined();
  });

  it('reads the transports from the spec\'s own list: HTTP+SSE defined in 2024-11-05, later kept only for compatibility', () => {
    const transports = data.markers.filter((m) => m.kind === 'transport');
    const sse = transports.find((m) => m.events?.includes('endpoint'));
    expect(sse?.span[0]).toBe('2024-11-05');
    expect(sse?.compat).toEqual(data.revisions.map((r) => r.id).slice(1));
    expect(sse?.names).toEqual(expect.arrayContaining(['HTTP+SSE']));
    const streamable = transports.find((m) => m !== sse);
    expect(streamable?.span[0]).toBe('2025-03-26');
    expect(streamable?.compat).toBeUndefined();
    // "The server MUST provide two endpoints" against "a single HTTP endpoint path".
    expect(sse?.endpoints).toBe(2);
    expect(streamable?.endpoints).toBe(1);
  });

  it('knows HTTP+SSE by its two endpoints in code, and not a stream and POSTs on one path', () => {
    const two = "```js\nconst s = new EventSource('https://api.test/sse');\nawait fetch('https://api.test/message', { method: 'POST', body });\n```\n";
    const one = "```js\nconst s = new EventSource('https://api.test/mcp');\nawait fetch('https://api.test/mcp', { method: 'POST', body });\n```\n";
    const sse = detectRevision(two, data);
    expect(sse.revision).toBe('2024-11-05');
    expect(sse.evidence[0]?.why).toMatch(/2 endpoints \(an SSE stream at \/sse, messages POSTed to \/message\)/);
    expect(detectRevision(one, data).revision).toBeNull();
  });

  it('knows enum values with their field: mode: "form" came with 2025-11-25', () => {
    expect(marker('value:mode=form')?.span).toEqual(['2025-11-25', '2026-07-28', 'draft']);
    expect(marker('value:type=resourcelink')?.span[0]).toBe('2025-06-18');
    // JSON Schema's own types are not the protocol's values.
    expect(marker('value:type=string')).toBeUndefined();
  });

  it('does not let a changelog or a list of retired codes keep a removed name alive', () => {
    // The 2026-07-28 changelog names elicitationId and -32042 while saying they were removed.
    expect(marker('term:elicitationid')?.span).not.toContain('2026-07-28');
    expect(marker('error:-32042')?.span).not.toContain('2026-07-28');
  });

  it('drops names every revision carries (standard JSON-RPC codes, tools/call)', () => {
    expect(marker('error:-32602')).toBeUndefined();
    expect(marker('term:tools/call')).toBeUndefined();
    expect(marker('term:inputschema')).toBeUndefined();
  });

  it('counts what a revision\'s sequence diagrams show: resource_metadata and the protected resource\'s well-known path from 2025-06-18', () => {
    // 2025-06-18 names both only in its authorization flow diagrams; 2025-11-25 also states them in prose.
    expect(marker('term:resourcemetadata')?.span[0]).toBe('2025-06-18');
    expect(marker('term:well-known/oauth-protected-resource')?.span[0]).toBe('2025-06-18');
    expect(marker('term:well-known/oauth-protected-resource')?.token).toBe('/.well-known/oauth-protected-resource');
  });

  it('names a well-known URI by its document, whatever the host (even a placeholder) and the path inserted after it', () => {
    expect(marker('term:well-known/oauth-authorization-server')?.span[0]).toBe('2025-03-26');
    expect(marker('term:well-known/openid-configuration')?.span[0]).toBe('2025-11-25');
    expect(data.markers.filter((m) => /well-known\/[^/]+\//.test(m.key))).toEqual([]);
  });

  it('dates a name the spec places in another standard\'s document from the first revision citing that standard', () => {
    // "(via `registration_endpoint` in OAuth Authorization Server Metadata)" first appears in 2025-11-25; RFC 8414 is cited from 2025-03-26.
    expect(marker('term:registrationendpoint')?.span[0]).toBe('2025-03-26');
    expect(marker('term:registrationendpoint')?.borrowed).toEqual({ document: 'OAuth Authorization Server Metadata', since: '2025-03-26' });
    // A name the protocol defines itself keeps its own first revision.
    expect(marker('term:authorizationservers')?.span[0]).toBe('2025-06-18');
    expect(marker('term:authorizationservers')?.borrowed).toBeUndefined();
  });

  it('dates the cited standards\' vocabulary from the first revision citing them, not from the first sentence naming it', () => {
    // Names no schema defines, spelt as OAuth spells them (the schemas never join words with `_`), or ordinary words.
    for (const key of ['term:clientid', 'term:redirecturis', 'term:granttypes', 'term:clientname', 'term:scopessupported', 'term:codechallengemethodssupported', 'term:refreshtoken', 'term:errordescription', 'term:insufficientscope']) {
      expect(marker(key)?.span[0], key).toBe('2025-03-26');
      expect(marker(key)?.borrowed?.since, key).toBe('2025-03-26');
    }
    // A name that spells a standard's title came with that standard.
    expect(marker('term:clientidmetadatadocumentsupported')?.span[0]).toBe('2025-11-25');
    expect(marker('term:clientidmetadatadocumentsupported')?.borrowed?.document).toMatch(/Client ID Metadata Document/);
    // Named beside the standard that came with its revision: stays there.
    expect(marker('term:iss')?.span[0]).toBe('2026-07-28');
    expect(marker('term:resourcemetadata')?.span[0]).toBe('2025-06-18');
  });

  it('reads a name every revision has in some form as no evidence: dotted paths through references, bare names of namespaced keys', () => {
    // `params.uri` of a read: inline in 2024-11-05's schema, behind a reference to a params definition in 2026-07-28's.
    expect(marker('term:params.uri')).toBeUndefined();
    expect(marker('term:params.name')).toBeUndefined();
    // `clientInfo` is a field until 2025-11-25 and the name part of a `_meta` key after it.
    expect(marker('term:clientinfo')).toBeUndefined();
    expect(marker('term:protocolversion')).toBeUndefined();
    expect(marker('term:io.modelcontextprotocol/clientInfo')?.bare).toBe('clientInfo');
    // Spans are intervals: no revision inside one is skipped.
    const ids = data.revisions.map((r) => r.id);
    for (const m of data.markers.filter((m) => m.kind !== 'transport')) {
      const at = m.span.map((id) => ids.indexOf(id));
      expect(at, m.key).toEqual(at.map((_, i) => at[0]! + i));
    }
  });

  it('keeps the core tasks in the extension 2026-07-28 moves them to, not the capability that declared them', () => {
    expect(marker('term:tasks/get')?.span).toEqual(['2025-11-25', '2026-07-28', 'draft']);
    expect(marker('term:tasks/get')?.extension).toEqual({ name: 'io.modelcontextprotocol/tasks', since: '2026-07-28' });
    expect(marker('term:taskid')?.extension?.since).toBe('2026-07-28');
    expect(marker('capability:tasks@capabilities')?.span).toEqual(['2025-11-25']);
    expect(marker('term:io.modelcontextprotocol/tasks')?.span).toEqual(['2026-07-28', 'draft']);
  });

  it('reads a header in capitals as a name, not an ordinary word', () => {
    expect(marker('term:mcpprotocolversion')?.wordLike).toBe(false);
    expect(marker('term:mcpprotocolversion')?.span[0]).toBe('2025-06-18');
  });

  it('ends the initialize handshake at 2025-11-25: 2026-07-28 names it only as the legacy one', () => {
    // "legacy (`initialize` handshake) servers" states nothing about 2026-07-28's own protocol.
    expect(marker('term:initialize')?.span).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']);
  });

  it('marks ordinary words as weak', () => {
    expect(marker('term:mode')?.wordLike).toBe(true);
    expect(marker('term:url')?.wordLike).toBe(true);
    expect(marker('term:elicitationid')?.wordLike).toBe(false);
  });

  it('matches the shipped copy (regenerate with `npx tsx src/detect/build-cli.ts --from ../shared/mcp-spec/refs/main`)', () => {
    const shipped = JSON.parse(readFileSync(join(repoRoot, 'src/detect/data/fingerprints.json'), 'utf8')) as FingerprintData;
    expect(shipped.markers.map((m) => [m.key, m.span])).toEqual(data.markers.map((m) => [m.key, m.span]));
    // Whole markers, their weights' inputs (pages, records) too: a stale copy answered the CLI otherwise than the library.
    expect(shipped.markers).toEqual(data.markers);
  });
});

describe('the detector enumerates no protocol names', () => {
  it('no source file in src/detect names an MCP method, field, type or revision', () => {
    const dir = join(repoRoot, 'src/detect');
    const names = /elicit|InputRequired|requestState|inputRequests|modelcontextprotocol|sampling|roots\/list|tools\/call|-320\d\d|20\d\d-\d\d-\d\d/i;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const code = readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*\*)/.test(line)) // comments may give examples
        .map((line) => line.replace(/\s\/\/\s.*$/, ''))
        .join('\n');
      expect(code.match(names)?.[0], `${file} names a protocol token`).toBeUndefined();
    }
  });
});

describe.skipIf(!mirrorAvailable())('the spec\'s own pages', () => {
  it('each released revision\'s elicitation page is recognised as its revision', async () => {
    const data = await testFingerprints();
    const { specPages } = await import('../../harness/paths.ts');
    for (const revision of ['2025-06-18', '2025-11-25', '2026-07-28']) {
      const text = readFileSync(join(specPages, revision, 'client/elicitation.mdx'), 'utf8');
      expect(detectRevision(text, data).revision, revision).toBe(revision);
    }
  });

  it('the draft\'s elicitation page, with nothing only the draft has, is the release it matches; the draft is also valid', async () => {
    const data = await testFingerprints();
    const { specPages } = await import('../../harness/paths.ts');
    const result = detectRevision(readFileSync(join(specPages, 'draft', 'client/elicitation.mdx'), 'utf8'), data);
    const latest = data.revisions.find((r) => r.status === 'latest')!.id;
    expect(result.revision).toBe(latest);
    expect(result.alsoValid).toContain('draft');
  });
});
