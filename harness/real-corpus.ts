import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WhichResult } from '../src/detect/detect.ts';
import { detectFixtures } from './detect-corpus.ts';

/**
 * The real-text corpus (fixtures/detect/real): third-party texts rewritten in our words with
 * their evidence kept, each labelled before the detector read it. `heldOut` texts are scored
 * apart and were never tuned on. Shared by the corpus test and `npm run bench`.
 */
export const realDir = join(detectFixtures, 'real');

export interface RealLabel {
  revision: string | null;
  revisions: string[];
  heldOut: boolean;
  feature: string;
  evidence: string;
  source: Record<string, string>;
}

export function realLabels(): [string, RealLabel][] {
  const all = JSON.parse(readFileSync(join(realDir, 'labels.json'), 'utf8')) as Record<string, RealLabel | string>;
  return Object.entries(all).filter((e): e is [string, RealLabel] => !e[0].startsWith('$'));
}

export interface Score {
  right: number;
  total: number;
  wrong: string[];
}

/** Right when the single answer and every revision taught match the label exactly. */
export function score(entries: [string, RealLabel][], answer: (name: string) => Pick<WhichResult, 'revision' | 'revisions'>): Score {
  const wrong: string[] = [];
  for (const [name, label] of entries) {
    const got = answer(name);
    if (got.revision !== label.revision || got.revisions.join(',') !== label.revisions.join(',')) {
      wrong.push(`${name}: answered ${got.revision} [${got.revisions.join(', ')}], labelled ${label.revision} [${label.revisions.join(', ')}]`);
    }
  }
  return { right: entries.length - wrong.length, total: entries.length, wrong };
}

/**
 * The honest baseline: a hand-written keyword list, the names each revision's changelog made
 * famous, answering with the newest revision any keyword of the text belongs to (a removed
 * name cannot pull the answer back). It knows nothing of context, examples or intervals. Only
 * for comparison: the detector derives its names from the spec and never reads this list.
 */
const KEYWORDS: [string, RegExp][] = [
  ['2024-11-05', /SSEServerTransport|SseServerTransport|\/sse\b|endpoint event|event: endpoint|HTTP\+SSE/i],
  ['2025-03-26', /Streamable ?HTTP|Mcp-Session-Id|readOnlyHint|destructiveHint|idempotentHint|openWorldHint|ToolAnnotations|AudioContent|oauth-authorization-server/i],
  ['2025-06-18', /structuredContent|outputSchema|elicitation\/create|requestedSchema|resource_link|MCP-Protocol-Version|oauth-protected-resource|resource_metadata/i],
  ['2025-11-25', /elicitationId|-32042|tasks\/get|tasks\/result|taskSupport|toolChoice|tool_use|\bicons\b|websiteUrl|client_id_metadata_document|Client ID Metadata/i],
  ['2026-07-28', /InputRequiredResult|inputRequests|inputResponses|requestState|input_required|server\/discover|subscriptions\/listen|ttlMs|cacheScope|io\.modelcontextprotocol\/clientCapabilities/i],
];

export function keywordBaseline(text: string): Pick<WhichResult, 'revision' | 'revisions'> {
  let found: string | null = null;
  for (const [revision, pattern] of KEYWORDS) if (pattern.test(text)) found = revision;
  return { revision: found, revisions: found ? [found] : [] };
}
