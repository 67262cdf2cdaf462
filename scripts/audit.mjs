// Known vulnerabilities in what the portal ships: `npm audit` over the
// production dependencies of the committed lockfile. A high or critical
// finding fails the run. When the advisory service cannot be reached (no
// network, or a registry mirror that does not offer the audit endpoint and
// answers 405), the run says so loudly and passes: the check could not be
// made, which is not the same as a finding (SECURITY.md, "Supply chain").
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const failingSeverities = ['high', 'critical'];

/** The advisory endpoint's path; an error naming it means the service itself failed us. */
const advisoryEndpoint = '/-/npm/v1/security/advisories';

/**
 * Judges the JSON `npm audit --json` printed.
 * @param {unknown} report the parsed output, or null when it was not JSON
 * @returns {{ outcome: 'pass' | 'fail' | 'unreachable' | 'error', lines: string[] }}
 */
export function judgeAudit(report) {
  if (report && typeof report === 'object' && 'auditReportVersion' in report) {
    const counts = report.metadata?.vulnerabilities ?? {};
    const findings = Object.values(report.vulnerabilities ?? {});
    const failing = findings.filter((finding) => failingSeverities.includes(finding.severity));
    const summary = ['critical', 'high', 'moderate', 'low', 'info']
      .map((severity) => `${counts[severity] ?? 0} ${severity}`)
      .join(', ');
    const lines = [`npm audit (production dependencies): ${summary}`];
    for (const finding of failing) {
      const advisories = (finding.via ?? []).filter((via) => typeof via === 'object');
      const through = (finding.via ?? []).filter((via) => typeof via === 'string');
      lines.push(
        `  ${finding.severity.toUpperCase()} ${finding.name} ${finding.range || ''}`.trimEnd(),
      );
      for (const advisory of advisories) lines.push(`    ${advisory.title} ${advisory.url}`);
      if (through.length > 0) lines.push(`    through ${through.join(', ')}`);
      if (finding.fixAvailable) lines.push('    a fix is available: npm audit fix --omit=dev');
    }
    return { outcome: failing.length > 0 ? 'fail' : 'pass', lines };
  }
  const message =
    report && typeof report === 'object' && typeof report.message === 'string'
      ? report.message
      : '';
  if (message.includes(advisoryEndpoint)) {
    return {
      outcome: 'unreachable',
      lines: [
        '!!! The npm advisory service could not be reached, so NO vulnerability check was made.',
        `!!! ${message}`,
        '!!! Run `npm run audit` where the registry offers the audit endpoint before a release.',
      ],
    };
  }
  const summary =
    report && typeof report === 'object' ? (report.error?.summary ?? message) : 'no JSON answer';
  return { outcome: 'error', lines: [`npm audit failed: ${summary || JSON.stringify(report)}`] };
}

function runAudit() {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let report = null;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    report = null;
  }
  const { outcome, lines } = judgeAudit(report);
  const print = outcome === 'pass' ? console.log : console.error;
  for (const line of lines) print(line);
  if (outcome === 'error' && result.stderr) console.error(result.stderr.trim());
  return outcome === 'pass' || outcome === 'unreachable' ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(runAudit());
}
