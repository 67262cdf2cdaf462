/**
 * What the portal asks of V8 on node's command line (decision 0058). V8 sizes
 * its heap when the process starts, so these cannot be set from inside it:
 * every way the portal is started passes them (`npm start`, the image's entry
 * point, the morning benchmark), and a production start without them is logged.
 *
 * A young generation of up to 64 MB a half instead of Node 20's 16: a first
 * start page makes about 2 MB of short-lived objects (rows, JSON text, the
 * page), so with the default half a scavenge came every few pages and carried
 * the pages still being made into the old generation, to be collected there
 * at greater cost. Measured in the school morning: about 10 % more first
 * pages a second, with no more memory at the peak.
 */
export const portalNodeFlags = ['--max-semi-space-size=64'] as const;

/** The portal's flags that neither node's own arguments nor NODE_OPTIONS give it. */
export function missingNodeFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].filter(Boolean));
  return portalNodeFlags.filter((flag) => !given.has(flag));
}

/** In production, says in the log which of the portal's flags this process was started without. */
export function warnOfMissingNodeFlags(
  env: string | undefined,
  log: { warn: (details: object, message: string) => void },
) {
  if (env !== 'production') return;
  const missing = missingNodeFlags(process.execArgv, process.env.NODE_OPTIONS);
  if (missing.length > 0)
    log.warn(
      { missing },
      `node was started without ${missing.join(' ')}: start it as the image does (node ${portalNodeFlags.join(' ')} apps/server/dist/main.js) for the school morning's throughput (decision 0058)`,
    );
}
