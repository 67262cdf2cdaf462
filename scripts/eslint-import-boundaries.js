// Local lint rules for the dependency directions of ARCHITECTURE.md §3:
// web never imports server code, features never import each other,
// and the shared package stands alone.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webSrc = path.join(root, 'apps/web/src');

function resolveImport(filename, source) {
  if (source.startsWith('@/')) return path.join(webSrc, source.slice(2));
  if (source.startsWith('.')) return path.resolve(path.dirname(filename), source);
  return null;
}

function featureOf(file) {
  const relative = path.relative(path.join(webSrc, 'features'), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0];
}

function importRule(check) {
  return {
    meta: { type: 'problem', schema: [] },
    create(context) {
      const filename = context.filename;
      const visit = (node) => {
        if (node.source && typeof node.source.value === 'string') {
          const message = check(filename, node.source.value);
          if (message) context.report({ node: node.source, message });
        }
      };
      return {
        ImportDeclaration: visit,
        ExportNamedDeclaration: visit,
        ExportAllDeclaration: visit,
        ImportExpression: visit,
      };
    },
  };
}

const inside = (file, dir) => !path.relative(path.join(root, dir), file).startsWith('..');

export const importBoundaries = {
  rules: {
    'web-not-server': importRule((filename, source) => {
      if (!inside(filename, 'apps/web')) return null;
      const target = resolveImport(filename, source);
      if (source.startsWith('@skolportalen/server') || (target && inside(target, 'apps/server'))) {
        return 'The web app never imports server code; share it through @skolportalen/shared.';
      }
      return null;
    }),
    'features-isolated': importRule((filename, source) => {
      const own = featureOf(filename);
      const target = resolveImport(filename, source);
      if (!own || !target) return null;
      const other = featureOf(target);
      if (other && other !== own) {
        return `Feature "${own}" imports feature "${other}": compose features in src/app or promote the piece to shared code.`;
      }
      return null;
    }),
    'shared-standalone': importRule((filename, source) => {
      if (!inside(filename, 'packages/shared')) return null;
      const target = resolveImport(filename, source);
      if (source.startsWith('@skolportalen/') || (target && !inside(target, 'packages/shared'))) {
        return 'packages/shared depends on nothing of the apps.';
      }
      return null;
    }),
  },
};
