import type { Page } from 'playwright-core';

/**
 * One page of every kind the site builds, for checks that must hold on all of them (no
 * sideways scroll on a phone, contrast, landmarks). `ready` brings the page to the state a
 * reader sees at its widest: collapsed parts opened, the check tool's result shown.
 */
export interface PageKind {
  name: string;
  path: string;
  ready?: (page: Page) => Promise<void>;
}

const openDetails = async (page: Page) => {
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
};

/** A tutorial excerpt with tokens several revisions define, so the check shows evidence and outdated rows. */
const CHECK_SAMPLE = [
  '# Asking the user',
  'The server sends `elicitation/create` with a `requestedSchema`, and the client answers with `action: "accept"`.',
  'Include the `elicitationId` and a `url` for URL mode; declare `capabilities.elicitation.form` during `initialize` (protocolVersion 2025-11-25).',
].join('\n\n');

export const PAGE_KINDS: PageKind[] = [
  { name: 'home', path: '' },
  { name: 'pair', path: 'diff/2025-11-25/2026-07-28/', ready: openDetails },
  { name: 'diff', path: 'diff/2025-11-25/2026-07-28/client/elicitation/', ready: openDetails },
  { name: 'schema diff', path: 'diff/2025-11-25/2026-07-28/schema/' },
  { name: 'schema diff part', path: 'diff/2025-11-25/2026-07-28/schema/part-2/' },
  { name: 'migration checklist', path: 'migrate/2025-11-25/2026-07-28/server/' },
  { name: 'revision index', path: 'rev/2026-07-28/' },
  { name: 'revision page', path: 'rev/2025-11-25/client/elicitation/' },
  { name: 'schema reference page', path: 'rev/2026-07-28/schema/' },
  { name: 'draft page', path: 'rev/draft/client/elicitation/' },
  { name: 'timeline', path: 'feature/client/elicitation/', ready: openDetails },
  { name: 'since page', path: 'since/2025-06-18/client/elicitation/', ready: openDetails },
  { name: 'since spec', path: 'since/2025-06-18/' },
  { name: 'since latest', path: 'since/2026-07-28/client/elicitation/' },
  { name: 'badges', path: 'badges/', ready: openDetails },
  {
    name: 'check',
    path: 'check/',
    ready: async (page) => {
      await page.waitForSelector('body[data-fingerprints="ready"]', { timeout: 30_000 });
      await page.fill('#sd-check-input', CHECK_SAMPLE);
      await page.click('#sd-check-run');
      await page.waitForSelector('#sd-check-result:not([hidden])', { timeout: 10_000 });
      await openDetails(page);
    },
  },
  {
    name: 'search',
    path: 'search/?q=elicitationId',
    ready: async (page) => {
      await page.waitForSelector('#sd-search-results > li', { timeout: 30_000 });
    },
  },
  { name: 'not found', path: 'no/such/page/' },
];
