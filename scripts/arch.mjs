// `npm run arch`: the direction of every import in the server and the web app
// (docs/architecture.md). Reads the import graph (type-only imports included)
// and fails on
//   - an import cycle: files that reach themselves through their imports;
//   - two units (a server module, a web feature) that import each other;
//   - an import against the layers: `http/` or the identity core importing a
//     module, shared web code importing a feature, and the like.
// What a decision record allows is listed in it, in a fenced block marked
// `arch-allowed` (one finding per line, as this script prints it); anything
// else found fails the check, and so does an allowance that no longer matches
// anything, so the list only shrinks.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cruise } from 'dependency-cruiser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What a file belongs to, for pairs and layers: a module, a feature, or a top folder. */
const serverUnit = (file) => {
  const inside = file.replace(/^apps\/server\/src\//, '');
  // The demo seed builds its data through the modules, as the API would: a layer on top.
  if (inside.startsWith('db/seed/')) return 'seed';
  const module = /^modules\/([^/]+)\//.exec(inside);
  if (module) return `modules/${module[1]}`;
  const folder = /^([^/]+)\//.exec(inside);
  return folder ? folder[1] : inside;
};
const webUnit = (file) => {
  const inside = file.replace(/^apps\/web\/src\//, '');
  const feature = /^features\/([^/]+)\//.exec(inside);
  if (feature) return `features/${feature[1]}`;
  const folder = /^([^/]+)\//.exec(inside);
  return folder ? folder[1] : inside;
};

export const apps = [
  {
    name: 'server',
    folder: 'apps/server/src',
    tsConfig: 'apps/server/tsconfig.json',
    unitOf: serverUnit,
    isPairUnit: (unit) => unit.startsWith('modules/'),
    // [importer, imported, why]: the importer's unit must not import the imported's.
    forbidden: [
      [/^http$/, /^modules\//, 'http/ is request plumbing below every module'],
      [/^http$/, /^api$/, 'http/ is request plumbing below the API mounts'],
      [/^identity$/, /^modules\//, 'the identity core imports no module'],
      [/^identity$/, /^api$/, 'the identity core is below the API mounts'],
      [/^modules\//, /^api$/, 'modules are mounted by api/, never the other way'],
      [/^db$/, /^(modules\/|identity$|http$|api$)/, 'the database layer is below everything'],
      [
        /^(cache|jobs|mail|malware|object-store|media-storage|metrics)$/,
        /^(modules\/|identity$|api$)/,
        'infrastructure knows no module',
      ],
    ],
  },
  {
    name: 'web',
    folder: 'apps/web/src',
    tsConfig: 'apps/web/tsconfig.json',
    unitOf: webUnit,
    isPairUnit: (unit) => unit.startsWith('features/'),
    forbidden: [
      [/^lib$/, /^(features\/|components$|app$)/, 'lib/ is below every screen'],
      [/^components$/, /^(features\/|app$)/, 'shared components know no feature'],
      [/^features\//, /^app$/, 'features are mounted by app/, never the other way'],
    ],
  },
];

// Tests may reach into anything they test.
const isTest = (file) => /\.test\.tsx?$|\/test\//.test(file);

async function importsOf(app) {
  const result = await cruise(
    [app.folder],
    {
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: ['\\.test\\.tsx?$', '/test/', 'node_modules', '\\.d\\.ts$'] },
      includeOnly: `^${app.folder}/`,
      tsConfig: { fileName: app.tsConfig },
      baseDir: root,
    },
    {},
    { tsConfig: readTsConfig(app.tsConfig) },
  );
  const graph = new Map();
  for (const module of result.output.modules) {
    if (!module.source.startsWith(`${app.folder}/`) || isTest(module.source)) continue;
    graph.set(
      module.source,
      [
        ...new Set(
          module.dependencies
            .map((dependency) => dependency.resolved)
            .filter((target) => target.startsWith(`${app.folder}/`) && !isTest(target)),
        ),
      ].sort(),
    );
  }
  return graph;
}

/** The parsed tsconfig dependency-cruiser wants for path aliases (`@/…` in the web app). */
function readTsConfig(fileName) {
  const text = readFileSync(path.join(root, fileName), 'utf8');
  const config = JSON.parse(text);
  const options = config.compilerOptions ?? {};
  return {
    options: {
      ...options,
      ...(options.baseUrl
        ? { baseUrl: path.join(root, path.dirname(fileName), options.baseUrl) }
        : {}),
    },
  };
}

/** Strongly connected components of more than one file (Tarjan): each is one cycle to break. */
export function cyclesOf(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return components;
}

export function findingsOf(app, graph) {
  const short = (file) => file.slice(app.folder.length + 1);
  const findings = [];
  for (const component of cyclesOf(graph)) {
    findings.push(`${app.name} cycle: ${component.map(short).join(' ↔ ')}`);
  }
  const unitImports = new Map();
  const against = new Map();
  for (const [file, targets] of graph) {
    const from = app.unitOf(file);
    for (const target of targets) {
      const to = app.unitOf(target);
      if (from === to) continue;
      if (!unitImports.has(from)) unitImports.set(from, new Map());
      const byTarget = unitImports.get(from);
      if (!byTarget.has(to)) byTarget.set(to, []);
      byTarget.get(to).push(`${short(file)} → ${short(target)}`);
      for (const [importer, imported, why] of app.forbidden) {
        if (importer.test(from) && imported.test(to)) {
          const key = `${app.name} against the layers: ${short(file)} → ${short(target)}`;
          against.set(key, why);
        }
      }
    }
  }
  for (const [from, targets] of unitImports) {
    for (const [to] of targets) {
      if (
        from < to &&
        app.isPairUnit(from) &&
        app.isPairUnit(to) &&
        unitImports.get(to)?.has(from)
      ) {
        findings.push(`${app.name} pair: ${from} ↔ ${to}`);
      }
    }
  }
  findings.push(...against.keys());
  return { findings, unitImports, against };
}

/** The lines of a decision record's `arch-allowed` blocks. */
export function allowedIn(text) {
  return [...text.matchAll(/```arch-allowed\n([\s\S]*?)```/g)].flatMap((block) =>
    block[1]
      .split('\n')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
}

/** Every allowance of every decision record, with the record that makes it. */
function allowances() {
  const folder = path.join(root, 'docs/decisions');
  const allowed = new Map();
  for (const name of readdirSync(folder)
    .filter((file) => file.endsWith('.md'))
    .sort()) {
    for (const line of allowedIn(readFileSync(path.join(folder, name), 'utf8'))) {
      allowed.set(line, name);
    }
  }
  return allowed;
}

export async function main() {
  const verbose = process.argv.includes('--verbose');
  const allowed = allowances();
  const unexpected = [];
  const used = new Set();
  const figures = [];
  for (const app of apps) {
    const graph = await importsOf(app);
    const { findings, unitImports, against } = findingsOf(app, graph);
    const count = (prefix) =>
      findings.filter((finding) => finding.startsWith(`${app.name} ${prefix}`)).length;
    figures.push(
      `${app.name}: ${graph.size} files, ${count('cycle')} cycles, ${count('pair')} pairs of units importing each other, ${against.size} imports against the layers`,
    );
    for (const finding of findings) {
      if (allowed.has(finding)) used.add(finding);
      else unexpected.push(finding);
      if (verbose || !allowed.has(finding)) {
        const pair = /pair: (\S+) ↔ (\S+)$/.exec(finding);
        console.log(
          `${allowed.has(finding) ? '  allowed' : '✗'} ${finding}${against.has(finding) ? ` (${against.get(finding)})` : ''}`,
        );
        if (pair) {
          for (const [from, to] of [pair.slice(1), pair.slice(1).reverse()]) {
            for (const edge of unitImports.get(from).get(to)) console.log(`      ${edge}`);
          }
        }
      }
    }
  }
  const stale = [...allowed.keys()].filter((line) => !used.has(line));
  for (const line of stale) {
    console.log(`✗ allowed in ${allowed.get(line)} but no longer found (remove it there): ${line}`);
  }
  for (const line of figures) console.log(line);
  if (unexpected.length || stale.length) {
    console.log(
      `\n${unexpected.length} finding(s) no decision record allows, ${stale.length} stale allowance(s). See docs/architecture.md.`,
    );
    process.exit(1);
  }
  console.log('Imports follow the layers (docs/architecture.md).');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
