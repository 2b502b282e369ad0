// Lists the exports of src/ and scraper/ that no other file imports (through any chain of
// re-exports), so they can be made module-private or removed. The package's entries
// (src/index.ts, src/detect/index.ts) and the site's (src/site-entry.ts) count as used:
// their names are the API. Reads every file of the project that may import them, .astro
// frontmatter included, with TypeScript's parser (syntax only, so it takes seconds).
//
//   node scripts/unused-exports.mjs          one line per unused export: file, name, "private" or "dead"
//
// "private": the module itself still uses the name (drop `export`); "dead": nothing does.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DECLARING = ['src', 'scraper'];
const USING = ['src', 'scraper', 'site', 'bench', 'test', 'e2e', 'scripts', 'action'];
const ENTRIES = new Set(['src/index.ts', 'src/detect/index.ts', 'src/site-entry.ts']);

function filesUnder(dir) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(join(root, path)).isDirectory()) return filesUnder(path);
    return /\.(ts|mts|mjs|astro)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The script parts of an .astro file (frontmatter and <script> bodies); other files whole. */
function codeOf(file) {
  const text = readFileSync(join(root, file), 'utf8');
  if (!file.endsWith('.astro')) return text;
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [front, ...scripts].join('\n');
}

function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const path = normalize(join(dirname(from), specifier)).replace(/\\/g, '/');
  for (const candidate of [path, path.replace(/\.js$/, '.ts'), `${path}.ts`, `${path}/index.ts`]) {
    if (existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile()) return candidate;
  }
  return null;
}

/** exports[file]: name → { local: declared here, from?: [module, name] re-exported }; star[file]: modules `export *`-ed. */
const exportsOf = new Map();
const starsOf = new Map();
/** Every (module, name) some file imports; '*' marks a namespace used whole. */
const imported = [];
/** For each declaring file, how often each exported name occurs in it (declaration included). */
const localUses = new Map();

const files = [...new Set(USING.flatMap(filesUnder))];
for (const file of files) {
  const code = codeOf(file);
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const exports = new Map();
  const stars = [];
  const namespaces = new Map();
  const use = (module, name) => module && imported.push([module, name]);
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const module = resolveSpecifier(file, node.moduleSpecifier.text);
      const clause = node.importClause;
      if (clause?.name) use(module, 'default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, module);
      if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) use(module, (el.propertyName ?? el.name).text);
    } else if (ts.isExportDeclaration(node)) {
      const module = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? resolveSpecifier(file, node.moduleSpecifier.text) : null;
      if (!node.exportClause) {
        if (module) stars.push(module);
      } else if (ts.isNamedExports(node.exportClause)) {
        for (const el of node.exportClause.elements) {
          const original = (el.propertyName ?? el.name).text;
          exports.set(el.name.text, module ? { from: [module, original] } : { local: true });
        }
      }
    } else if (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      if (ts.isVariableStatement(node)) {
        for (const decl of node.declarationList.declarations) if (ts.isIdentifier(decl.name)) exports.set(decl.name.text, { local: true });
      } else if (node.name && ts.isIdentifier(node.name)) {
        const isDefault = ts.getModifiers(node).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
        exports.set(isDefault ? 'default' : node.name.text, { local: true });
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      // `const { a, b } = await import('…')`, `(await import('…')).a`, or anything else (used whole).
      const module = resolveSpecifier(file, node.arguments[0].text);
      let outer = node.parent;
      while (outer && (ts.isAwaitExpression(outer) || ts.isParenthesizedExpression(outer))) outer = outer.parent;
      if (outer && ts.isVariableDeclaration(outer) && ts.isObjectBindingPattern(outer.name)) {
        for (const el of outer.name.elements) use(module, (el.propertyName ?? el.name).getText(source));
      } else if (outer && ts.isPropertyAccessExpression(outer)) use(module, outer.name.text);
      else use(module, '*');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const module = resolveSpecifier(file, node.argument.literal.text);
      const qualifier = node.qualifier;
      use(module, qualifier ? (ts.isIdentifier(qualifier) ? qualifier.text : qualifier.left.getText(source)) : '*');
    } else if ((ts.isPropertyAccessExpression(node) || ts.isQualifiedName(node)) && ts.isIdentifier(ts.isPropertyAccessExpression(node) ? node.expression : node.left)) {
      const left = ts.isPropertyAccessExpression(node) ? node.expression : node.left;
      if (namespaces.has(left.text)) use(namespaces.get(left.text), ts.isPropertyAccessExpression(node) ? node.name.text : node.right.text);
    } else if (ts.isIdentifier(node) && namespaces.has(node.text) && !ts.isPropertyAccessExpression(node.parent) && !ts.isQualifiedName(node.parent) && !ts.isNamespaceImport(node.parent)) {
      use(namespaces.get(node.text), '*'); // the namespace itself passed around: every name counts
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  exportsOf.set(file, exports);
  starsOf.set(file, stars);
  if (DECLARING.some((dir) => file.startsWith(`${dir}/`)) && !/\.test\.ts$/.test(file)) {
    const counts = new Map();
    for (const name of exports.keys()) counts.set(name, (code.match(new RegExp(`\\b${name}\\b`, 'g')) ?? []).length);
    localUses.set(file, counts);
  }
}

/** Where (module, name) really comes from, following named and star re-exports. */
function origins(module, name, seen = new Set()) {
  const key = `${module}#${name}`;
  if (seen.has(key)) return [];
  seen.add(key);
  const entry = exportsOf.get(module)?.get(name);
  if (entry?.local) return [[module, name]];
  if (entry?.from) return [[module, name], ...origins(entry.from[0], entry.from[1], seen)];
  return (starsOf.get(module) ?? []).flatMap((star) => origins(star, name, seen));
}

const used = new Set();
const markAll = (module, seen = new Set()) => {
  if (seen.has(module)) return;
  seen.add(module);
  for (const name of exportsOf.get(module)?.keys() ?? []) for (const [m, n] of origins(module, name)) used.add(`${m}#${n}`);
  for (const star of starsOf.get(module) ?? []) markAll(star, seen);
};
for (const [module, name] of imported) {
  if (name === '*') markAll(module);
  else for (const [m, n] of origins(module, name)) used.add(`${m}#${n}`);
}
for (const entry of ENTRIES) markAll(entry);

const rows = [];
for (const [file, counts] of localUses) {
  for (const [name, count] of counts) {
    if (name === 'default' || used.has(`${file}#${name}`)) continue;
    rows.push(`${relative('.', join(root, file))}\t${name}\t${count > 1 ? 'private' : 'dead'}`);
  }
}
process.stdout.write(rows.sort().join('\n') + (rows.length ? '\n' : ''));
