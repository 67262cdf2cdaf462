import type { ModuleGraph } from './module-graph';

/** For the build's tests: a module graph as the bundler reports it, each module's code and imports. */
export function fakeGraph(
  modules: Record<string, { code?: string; imports?: string[]; exports?: string[] }>,
): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const module = modules[id];
      if (!module) return null;
      return {
        id,
        code: module.code ?? null,
        importedIds: module.imports ?? [],
        exports: module.exports ?? [],
      } as unknown as ReturnType<ModuleGraph['getModuleInfo']>;
    },
  };
}
