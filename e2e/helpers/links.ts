import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as cheerio from 'cheerio';
import { resolveFile } from '../../harness/serve.ts';

export interface BrokenLink {
  /** The page the link is on, relative to dist ("diff/a/b/page/index.html"). */
  page: string;
  href: string;
  reason: string;
}

export interface LinkReport {
  pages: number;
  links: number;
  broken: BrokenLink[];
}

/**
 * Checks every internal link of a built site: `href` of `a` and `link`, `src` of `script`
 * and `img`. A link is internal when it is relative or on the site's own path (base).
 * The target file must exist, and a `#fragment` must name an element id on the target
 * page: quoted spec text too, whose fragments the renderer points at the ids it gives.
 */
export function checkLinks(dist: string, options: { base?: string } = {}): LinkReport {
  const base = `/${(options.base ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  const files = htmlFiles(dist);
  const idCache = new Map<string, Set<string>>();
  const idsOf = (file: string): Set<string> => {
    let ids = idCache.get(file);
    if (!ids) {
      ids = new Set<string>();
      const $ = cheerio.load(readFileSync(file, 'utf8'));
      $('[id]').each((_, el) => void ids!.add($(el).attr('id')!));
      $('a[name]').each((_, el) => void ids!.add($(el).attr('name')!));
      idCache.set(file, ids);
    }
    return ids;
  };
  const broken: BrokenLink[] = [];
  let links = 0;
  for (const file of files) {
    const page = relative(dist, file);
    const $ = cheerio.load(readFileSync(file, 'utf8'));
    idCache.set(file, new Set($('[id]').map((_, el) => $(el).attr('id')!).get()));
    const pageUrl = new URL(`http://site.invalid${base}${page.replace(/index\.html$/, '')}`);
    $('a[href], link[href], script[src], img[src]').each((_, el) => {
      const node = $(el);
      const raw = node.attr('href') ?? node.attr('src')!;
      if (/^(mailto|tel|data):/i.test(raw)) return;
      let url: URL;
      try {
        url = new URL(raw, pageUrl);
      } catch {
        broken.push({ page, href: raw, reason: 'not a valid URL' });
        return;
      }
      if (url.origin !== pageUrl.origin) return;
      links += 1;
      if (!url.pathname.startsWith(base)) {
        broken.push({ page, href: raw, reason: `outside the site's base path ${base}` });
        return;
      }
      let path: string;
      try {
        path = decodeURIComponent(url.pathname.slice(base.length - 1));
      } catch {
        broken.push({ page, href: raw, reason: 'undecodable path' });
        return;
      }
      const target = resolveFile(dist, path);
      if (!target) {
        broken.push({ page, href: raw, reason: 'no such file in the build' });
        return;
      }
      const fragment = url.hash ? decodeURIComponent(url.hash.slice(1)) : '';
      if (!fragment || !target.endsWith('.html')) return;
      if (!idsOf(target).has(fragment)) broken.push({ page, href: raw, reason: `no element with id "${fragment}" on ${relative(dist, target)}` });
    });
  }
  return { pages: files.length, links, broken };
}

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...htmlFiles(path));
    else if (name.endsWith('.html')) out.push(path);
  }
  return out.sort();
}
