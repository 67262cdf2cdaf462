import type { Rolldown } from 'vite';

/** What the chunking step lets us read of the module graph. */
export type ModuleGraph = Pick<Rolldown.ChunkingContext, 'getModuleInfo'>;

/** One static `import … from`, `import "…"` or `export … from` of a module, in source order. */
interface Statement {
  /** The imported module's id. */
  id: string;
  /** The names imported, `*` for all of them (a namespace or a bare import). */
  imports: string[] | '*';
  /** For `export … from`: exported name → the imported module's name (`*` for `export *`). */
  reexports?: Map<string, string>;
}

const statementPattern =
  /(?:^|[\n;])[ \t]*(import|export)\b([\w\s$,{}*]*?)\bfrom\s*["']([^"'\n]+)["']|(?:^|[\n;])[ \t]*import\s*["']([^"'\n]+)["']/g;

/** `a, b as c` → [[a, a], [b, c]]: each pair's name in the other module, then here. */
function namedList(list: string): [string, string][] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [from, , as] = item.split(/\s+/);
      return [from!, as ?? from!];
    });
}

function parseClause(keyword: string, clause: string): Omit<Statement, 'id'> {
  const braces = /\{([^}]*)\}/.exec(clause)?.[1];
  const named = braces === undefined ? [] : namedList(braces);
  const outside = clause.replace(/\{[^}]*\}/, '').trim();
  if (keyword === 'export') {
    if (outside === '*') return { imports: '*', reexports: new Map([['*', '*']]) };
    const namespace = /^\*\s+as\s+([\w$]+)/.exec(outside)?.[1];
    if (namespace) return { imports: '*', reexports: new Map([[namespace, '*']]) };
    return {
      imports: named.map(([from]) => from),
      reexports: new Map(named.map(([from, as]) => [as, from])),
    };
  }
  if (/\*/.test(outside)) return { imports: '*' };
  const defaultImport = outside.replace(/,$/, '').trim() ? ['default'] : [];
  return { imports: [...defaultImport, ...named.map(([from]) => from)] };
}

/**
 * The module's static imports paired with their ids, or undefined when they cannot be
 * paired (CommonJS, code that does not read as plain import statements): Rolldown lists
 * `importedIds` once per imported module, in the order the code first imports each.
 */
function statementsOf(info: Rolldown.ModuleInfo): Statement[] | undefined {
  if (!info.code) return undefined;
  const bySpecifier = new Map<string, Omit<Statement, 'id'>[]>();
  for (const match of info.code.matchAll(statementPattern)) {
    const specifier = match[3] ?? match[4]!;
    const parsed = match[3] ? parseClause(match[1]!, match[2]!) : { imports: '*' as const };
    bySpecifier.set(specifier, [...(bySpecifier.get(specifier) ?? []), parsed]);
  }
  // Helpers the bundler adds (`\0vite/preload-helper.js` for lazy imports) have no statement.
  const helpers = info.importedIds.filter((id) => id.startsWith('\0'));
  const imported = info.importedIds.filter((id) => !id.startsWith('\0'));
  if (bySpecifier.size !== imported.length) return undefined;
  return [
    ...[...bySpecifier.values()].flatMap((parsed, index) =>
      parsed.map((statement) => ({ ...statement, id: imported[index]! })),
    ),
    ...helpers.map((id) => ({ id, imports: '*' as const })),
  ];
}

/** `export * from "…"`: every name of the other module but its default. */
const isExportAll = (statement: Statement) =>
  statement.reexports?.size === 1 && statement.reexports.get('*') === '*';

/** A module that only passes on other modules' exports (an `index.ts` of a folder or package). */
function isBarrel(info: Rolldown.ModuleInfo, statements: Statement[]): boolean {
  const rest = info
    .code!.replace(statementPattern, '')
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(/[\s;]/g, '');
  return rest === '' && statements.every((statement) => statement.reexports);
}

/**
 * The modules a browser fetches and runs when it loads `root`: its static imports,
 * transitively, not its lazy ones. An import from a barrel is followed only to the
 * modules that provide the names imported, as the bundler's tree-shaking does: the
 * shared package's index names every schema and text of the portal, and the start
 * page uses a few of them.
 */
export function staticClosure(graph: ModuleGraph, root: string): Set<string> {
  const needed = new Set<string>();
  /** Names already followed through each barrel. */
  const throughBarrel = new Map<string, Set<string>>();
  const exportCache = new Map<string, Set<string>>();

  /** The names a module exports, those it passes on with `export *` included. */
  const exportedNames = (id: string): Set<string> => {
    const cached = exportCache.get(id);
    if (cached) return cached;
    const names = new Set<string>();
    exportCache.set(id, names);
    const info = graph.getModuleInfo(id);
    for (const name of info?.exports ?? []) if (name !== '*') names.add(name);
    for (const statement of (info && statementsOf(info)) ?? []) {
      if (!isExportAll(statement)) continue;
      for (const name of exportedNames(statement.id)) if (name !== 'default') names.add(name);
    }
    return names;
  };

  const visit = (id: string, names: string[] | '*') => {
    const info = graph.getModuleInfo(id);
    if (!info) return;
    const statements = statementsOf(info);
    if (statements && names !== '*' && isBarrel(info, statements)) {
      const followed = throughBarrel.get(id) ?? new Set<string>();
      throughBarrel.set(id, followed);
      const fresh = names.filter((name) => !followed.has(name));
      for (const name of fresh) followed.add(name);
      for (const statement of statements) {
        const reexports = statement.reexports!;
        const wanted = isExportAll(statement)
          ? fresh.filter((name) => name !== 'default' && exportedNames(statement.id).has(name))
          : fresh.flatMap((name) => (reexports.has(name) ? [reexports.get(name)!] : []));
        if (wanted.length) visit(statement.id, wanted.includes('*') ? '*' : wanted);
      }
      return;
    }
    if (needed.has(id)) return;
    needed.add(id);
    if (!statements) {
      for (const imported of info.importedIds) visit(imported, '*');
      return;
    }
    for (const statement of statements) {
      // A module with code of its own runs all of it, its re-exports included.
      visit(statement.id, statement.reexports ? '*' : statement.imports);
    }
  };

  visit(root, '*');
  return needed;
}
