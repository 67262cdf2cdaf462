// The operations files (decision 0048): the Kubernetes manifests validate against the Kubernetes
// schemas (kubernetes-models' validators for each kind, and its TypeScript types for fields
// the schemas would let through, such as a misspelt probe), hold together (names, labels,
// probes, the drain) and use only settings the server reads; the alert rules and the Grafana
// dashboard name only metrics the server exports. Offline: everything comes from npm packages.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { portalNodeFlags } from '../apps/server/src/node-flags';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const manifestFolder = 'deploy/kubernetes';

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests are free-form YAML
type Any = any;

const manifestFiles = readdirSync(path.join(root, manifestFolder)).filter(
  (file) => file.endsWith('.yaml') && file !== 'kustomization.yaml',
);
const manifests: { file: string; doc: Manifest }[] = manifestFiles.flatMap((file) =>
  parseAllDocuments(read(`${manifestFolder}/${file}`)).map((document) => {
    expect(document.errors, file).toEqual([]);
    return { file, doc: document.toJS() as Manifest };
  }),
);
const find = (kind: string, name?: string) =>
  manifests
    .map(({ doc }) => doc)
    .find((doc) => doc.kind === kind && (!name || doc.metadata.name === name)) as Any;

/** `apps/v1` + `Deployment` → the module of kubernetes-models that has its class and type. */
const modelModule = ({ apiVersion, kind }: Pick<Manifest, 'apiVersion' | 'kind'>) =>
  `kubernetes-models/${apiVersion}/${kind}`;

async function schemaErrors(doc: Manifest): Promise<string | null> {
  const module = (await import(modelModule(doc))) as Record<
    string,
    new (data: unknown) => { validate(): void }
  >;
  const Model = module[doc.kind];
  if (!Model) return `no schema for ${doc.apiVersion} ${doc.kind}`;
  try {
    new Model(doc).validate();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * The schemas allow fields they do not know (a misspelt `readinesProbe` would pass and be dropped
 * by the cluster); TypeScript's check of object literals does not. Each manifest becomes a literal
 * typed with its kind's interface, and the compiler's messages are returned.
 */
function typeErrors(docs: Manifest[]): string[] {
  const folder = path.join(root, 'node_modules', '.cache', 'kubernetes-manifest-types');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `manifests-${process.pid}-${Date.now()}.ts`);
  const source = docs
    .map((doc, index) => {
      const type = `import('${modelModule(doc)}').I${doc.kind}`;
      return `export const manifest${index}: ${type} = ${JSON.stringify(doc, null, 2)};`;
    })
    .join('\n');
  writeFileSync(file, source);
  try {
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  } finally {
    rmSync(file, { force: true });
  }
}

describe('the Kubernetes manifests', () => {
  it('are all there, each kind of the scaled-out set-up', () => {
    const kinds = manifests.map(({ doc }) => doc.kind);
    for (const kind of [
      'Namespace',
      'ConfigMap',
      'Secret',
      'Deployment',
      'Service',
      'PodDisruptionBudget',
      'Job',
    ])
      expect(kinds).toContain(kind);
    // PostgreSQL, Redis and S3 as services outside the cluster.
    const external = manifests
      .map(({ doc }) => doc as Any)
      .filter((doc) => doc.kind === 'Service' && doc.spec.type === 'ExternalName')
      .map((doc) => doc.metadata.name);
    expect(external.sort()).toEqual(['postgresql', 'redis', 's3']);
  });

  it('validate against the Kubernetes schemas, every document of every file', async () => {
    for (const { file, doc } of manifests)
      expect(await schemaErrors(doc), `${file}: ${doc.kind} ${doc.metadata.name}`).toBeNull();
  });

  it('have no field the Kubernetes types do not know', () => {
    expect(typeErrors(manifests.map(({ doc }) => doc))).toEqual([]);
  }, 60_000);

  it('are refused when a field is misspelt or of the wrong type (the checks can fail)', async () => {
    const deployment = structuredClone(find('Deployment')) as Any;
    const container = deployment.spec.template.spec.containers[0];
    container.readinesProbe = container.readinessProbe;
    delete container.readinessProbe;
    expect(typeErrors([deployment]).join('\n')).toMatch(/readinesProbe/);
    const wrongType = structuredClone(find('Deployment')) as Any;
    wrongType.spec.replicas = 'four';
    expect(await schemaErrors(wrongType)).toMatch(/replicas/);
    const missing = structuredClone(find('Job')) as Any;
    delete missing.spec.template;
    expect(await schemaErrors(missing)).toMatch(/template/);
  }, 60_000);

  it('probe /health for liveness and /ready for readiness, and drain before Kubernetes kills', () => {
    const deployment = find('Deployment', 'skolportalen');
    const pod = deployment.spec.template.spec;
    const [portal] = pod.containers;
    expect(portal.livenessProbe.httpGet.path).toBe('/health');
    expect(portal.startupProbe.httpGet.path).toBe('/health');
    expect(portal.readinessProbe.httpGet.path).toBe('/ready');
    const settings = find('ConfigMap', 'skolportalen-settings').data;
    const drainSeconds = Number(settings.SHUTDOWN_DRAIN_MS) / 1000;
    const noticed = portal.readinessProbe.periodSeconds * portal.readinessProbe.failureThreshold;
    // The balancer notices the 503 before the server stops taking requests, and the server
    // stops with time to spare for what is in flight before SIGKILL.
    expect(drainSeconds).toBeGreaterThan(noticed + 5);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(drainSeconds + 20);
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    expect(settings.MIGRATE_AT_START).toBe('false');
  });

  it('run as the image user on a read-only root, writing only to /data and /tmp', () => {
    for (const workload of [find('Deployment'), find('Job')]) {
      const pod = workload.spec.template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
      for (const container of pod.containers) {
        expect(container.securityContext).toMatchObject({
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        const mounted = container.volumeMounts.map((mount: Any) => mount.mountPath);
        expect(mounted).toEqual(expect.arrayContaining(['/data', '/tmp']));
      }
    }
  });

  it('hold together: selectors, Secrets, the migration command, the metrics port', () => {
    const deployment = find('Deployment', 'skolportalen');
    const podLabels = deployment.spec.template.metadata.labels;
    const selects = (selector: Record<string, string>) =>
      Object.entries(selector).every(([key, value]) => podLabels[key] === value);
    expect(selects(deployment.spec.selector.matchLabels)).toBe(true);
    expect(selects(find('PodDisruptionBudget').spec.selector.matchLabels)).toBe(true);
    expect(selects(find('Service', 'skolportalen').spec.selector)).toBe(true);

    const names = (kind: string) =>
      manifests.filter(({ doc }) => doc.kind === kind).map(({ doc }) => doc.metadata.name);
    for (const workload of [deployment, find('Job')]) {
      const pod = workload.spec.template.spec;
      for (const source of pod.containers.flatMap((container: Any) => container.envFrom)) {
        if (source.configMapRef) expect(names('ConfigMap')).toContain(source.configMapRef.name);
        if (source.secretRef) expect(names('Secret')).toContain(source.secretRef.name);
      }
      for (const volume of pod.volumes.filter((volume: Any) => volume.secret))
        expect(names('Secret')).toContain(volume.secret.secretName);
    }
    // The instances never get the schema owner's connection; the job does.
    const envFromNames = (workload: Any) =>
      workload.spec.template.spec.containers[0].envFrom.map(
        (source: Any) => source.secretRef?.name,
      );
    expect(envFromNames(deployment)).not.toContain('skolportalen-migration');
    expect(envFromNames(find('Job'))).toContain('skolportalen-migration');
    expect(find('Job').spec.template.spec.containers[0].command).toEqual([
      'node',
      'apps/server/dist/migrate.js',
    ]);
    expect(read('scripts/build-server.mjs')).toContain("migrate: 'apps/server/src/migrate.ts'");

    const settings = find('ConfigMap', 'skolportalen-settings').data;
    const metricsPort = deployment.spec.template.spec.containers[0].ports.find(
      (port: Any) => port.name === 'metrics',
    );
    expect(String(metricsPort.containerPort)).toBe(settings.METRICS_PORT);
    for (const doc of manifests.map(({ doc }) => doc).filter((doc) => doc.kind !== 'Namespace'))
      expect(doc.metadata.namespace, `${doc.kind} ${doc.metadata.name}`).toBe('skolportalen');
  });

  it('name only settings the server reads', () => {
    const config = ['config.ts', 'config-env.ts', 'config-sections.ts', 'config-oidc.ts']
      .map((file) => read(`apps/server/src/${file}`))
      .join('\n');
    const known = new Set(
      [...config.matchAll(/^\s+([A-Z][A-Z0-9_]{2,}): /gm)].map((match) => match[1]),
    );
    const used = [
      ...Object.keys(find('ConfigMap', 'skolportalen-settings').data),
      ...manifests
        .filter(({ doc }) => doc.kind === 'Secret')
        .flatMap(({ doc }) => Object.keys((doc as Any).stringData))
        .filter((key) => !key.startsWith('tls.')),
    ];
    expect(used.length).toBeGreaterThan(15);
    expect(used.filter((name) => !known.has(name))).toEqual([]);
  });

  it('are all listed in the kustomization but the job and the example Secret, which go apart', () => {
    const kustomization = parse(read(`${manifestFolder}/kustomization.yaml`)) as {
      resources: string[];
    };
    expect(
      [...kustomization.resources, 'migration-job.yaml', 'secret.example.yaml'].sort(),
    ).toEqual([...manifestFiles].sort());
  });
});

/** The metrics the server exports: its own (metrics.ts) and prom-client's defaults. */
function exportedMetrics() {
  const own = read('apps/server/src/metrics/metrics.ts');
  const names = new Set<string>();
  for (const match of own.matchAll(/new (Counter|Gauge|Histogram)\(\{\s*name: '([a-z_]+)'/g)) {
    const [, type, name] = match;
    names.add(name!);
    if (type === 'Histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
  }
  const defaults = readdirSync(path.join(root, 'node_modules/prom-client/lib/metrics'))
    .filter((file) => file.endsWith('.js'))
    .map((file) =>
      readFileSync(path.join(root, 'node_modules/prom-client/lib/metrics', file), 'utf8'),
    )
    .join('\n');
  for (const match of defaults.matchAll(/'((?:process|nodejs)_[a-z_]+)'/g)) names.add(match[1]!);
  // Built from a prefix and the percentile: nodejs_eventloop_lag_p50_seconds, …p90…, …p99….
  for (const percentile of [50, 90, 99]) names.add(`nodejs_eventloop_lag_p${percentile}_seconds`);
  return names;
}

const promqlWords = new Set(
  'by without on ignoring group_left group_right and or unless bool offset le'.split(' '),
);
/** The metric names a PromQL expression reads: identifiers that are not functions, labels or keywords. */
export function metricsIn(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\$\w+/g, '');
  return [...bare.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)]
    .map((match) => match[1]!)
    .filter(
      (word) => !promqlWords.has(word) && !/^\d/.test(word) && !/^\d+(\.\d+)?e\d+$/.test(word),
    )
    .filter((word) => !/^(e\d+|Inf|NaN)$/.test(word));
}

describe('the alert rules (docs/operations/alerts.yaml)', () => {
  const rules = (
    parse(read('docs/operations/alerts.yaml')) as {
      groups: {
        name: string;
        rules: { alert: string; expr: string; for?: string; labels: Any; annotations: Any }[];
      }[];
    }
  ).groups.flatMap((group) => group.rules);
  const exported = exportedMetrics();
  const alertsDoc = read('docs/operations/alerts.md');

  it('reads metric names as PromQL has them', () => {
    expect(
      metricsIn(
        'sum by (le) (rate(a_bucket{job="x",route=~"/b.."}[5m])) / sum(rate(c_total[5m])) > 0.5e3',
      ),
    ).toEqual(['a_bucket', 'c_total']);
  });

  it('each have a severity, a summary and a section of the runbook, and name only exported metrics', () => {
    expect(rules.length).toBeGreaterThanOrEqual(10);
    expect(exported.has('skolportalen_http_request_duration_seconds_bucket')).toBe(true);
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^Skolportalen[A-Z]\w+$/);
      expect(['warning', 'critical']).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.annotations.runbook_url).toBe(
        `docs/operations/alerts.md#${rule.alert.toLowerCase()}`,
      );
      expect(alertsDoc, rule.alert).toContain(`## ${rule.alert}\n`);
      const metrics = metricsIn(rule.expr);
      expect(metrics.length, rule.alert).toBeGreaterThan(0);
      expect(
        metrics.filter((name) => !exported.has(name)),
        rule.alert,
      ).toEqual([]);
    }
  });

  it('would catch a metric the server does not export', () => {
    expect(
      metricsIn('rate(skolportalen_http_requests_totl[5m])').filter((name) => !exported.has(name)),
    ).toEqual(['skolportalen_http_requests_totl']);
  });
});

describe('the Grafana dashboard (docs/operations/grafana-dashboard.json)', () => {
  const dashboard = JSON.parse(read('docs/operations/grafana-dashboard.json')) as {
    uid: string;
    panels: { type: string; title: string; targets?: { expr: string }[] }[];
    templating: { list: { name: string }[] };
  };

  it('charts every metric of the portal, reading only exported ones', () => {
    const exported = exportedMetrics();
    const expressions = dashboard.panels
      .flatMap((panel) => panel.targets ?? [])
      .map((target) => target.expr);
    const used = new Set(expressions.flatMap(metricsIn));
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
    const own = [
      ...read('apps/server/src/metrics/metrics.ts').matchAll(/name: '(skolportalen_[a-z_]+)'/g),
    ].map((match) => match[1]!);
    expect(own.length).toBeGreaterThanOrEqual(9);
    for (const name of own)
      expect(
        [...used].some((metric) => metric === name || metric.startsWith(`${name}_`)),
        name,
      ).toBe(true);
    expect(dashboard.templating.list.map((variable) => variable.name)).toEqual([
      'datasource',
      'instance',
    ]);
  });
});

describe('how the portal is started (decision 0058)', () => {
  const flags = portalNodeFlags.join(' ');
  const scriptOf = (file: string) =>
    (JSON.parse(read(file)) as { scripts: Record<string, string> }).scripts.start;
  const entryPoint = () => {
    const line = read('Containerfile')
      .split('\n')
      .find((text) => text.startsWith('ENTRYPOINT '));
    return (JSON.parse(line!.slice('ENTRYPOINT '.length)) as string[]).join(' ');
  };

  it('gives node the portal’s flags: npm start, the server’s own start and the image', () => {
    expect(scriptOf('package.json')).toBe(`node ${flags} scripts/start.mjs`);
    expect(scriptOf('apps/server/package.json')).toBe(`node ${flags} --import tsx src/main.ts`);
    expect(entryPoint()).toBe(`node ${flags} apps/server/dist/main.js`);
  });

  it('tells an operator the same command as the image runs', () => {
    for (const file of [
      'docs/operations/production-build.md',
      'docs/operations/container-image.md',
    ])
      expect(read(file), file).toContain(`node ${flags} apps/server/dist/main.js`);
  });
});
