import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export interface DistServer {
  /** The site's root URL, base path included, with a trailing slash (http://127.0.0.1:PORT/base/). */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a built site (`dist/`) on 127.0.0.1 at a free port, as a static host would:
 * `/x/` → `x/index.html`, `/x` → `x/index.html` or the file `x`, unknown paths → 404.html
 * with status 404. `base` is the site's base path (default "/").
 */
export async function serveDist(dir: string, options: { base?: string } = {}): Promise<DistServer> {
  const root = resolve(dir);
  if (!existsSync(join(root, 'index.html'))) throw new Error(`serveDist: ${root} has no index.html; build the site first (ensureSiteBuilt()).`);
  const base = `/${(options.base ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (!path.startsWith(base) && `${path}/` !== base) return notFound(res);
    const rel = path.slice(base.length - 1);
    const file = resolveFile(root, rel);
    if (!file) return notFound(res);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  });
  const notFound = (res: import('node:http').ServerResponse) => {
    const page = join(root, '404.html');
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    if (existsSync(page)) createReadStream(page).pipe(res);
    else res.end('not found');
  };
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}

/** The file a URL path maps to inside root, or null (never outside root). */
export function resolveFile(root: string, urlPath: string): string | null {
  root = resolve(root);
  const target = resolve(root, `.${urlPath}`);
  if (target !== root && !target.startsWith(root + sep)) return null;
  const candidates = urlPath.endsWith('/') ? [join(target, 'index.html')] : [target, join(target, 'index.html'), `${target}.html`];
  for (const candidate of candidates) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}
