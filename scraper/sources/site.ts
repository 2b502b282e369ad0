import { extractArticle } from '../article.ts';
import { SourceError } from '../errors.ts';
import { httpGet, type HttpOptions } from '../http.ts';
import { verifyBody } from '../verify.ts';
import type { Conditional, FetchOutcome } from '../types.ts';

/**
 * The rendered documentation site, for pages with no raw source: fetches the page's HTML
 * and extracts the article as Markdown (see article.ts). The body it returns is that
 * Markdown, so the lock's hash is the hash of what is stored.
 */
export class SiteSource {
  readonly via = 'site' as const;
  readonly label: string;
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly options: HttpOptions,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
    this.label = this.base;
  }

  locate(route: string): string {
    return `${this.base}/${route.split('/').map(encodeURIComponent).join('/')}`;
  }

  async getPage(route: string, conditional: Conditional | null): Promise<FetchOutcome> {
    const url = this.locate(route);
    const outcome = await httpGet(url, { expect: 'html', conditional }, this.options);
    if (outcome.status !== 'ok') return outcome;
    const html = verifyBody(outcome.body, 'html', url);
    const { title, markdown } = extractArticle(html);
    if (title === null && markdown.trim() === '') throw new SourceError('invalid', `${url} has no article content to extract.`);
    return { ...outcome, body: Buffer.from(markdown, 'utf8') };
  }
}
