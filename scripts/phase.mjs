// .ci/run's own phases: `node scripts/phase.mjs "Name" -- command args…` runs
// and times one (a row in $PHASE_REPORT); `node scripts/phase.mjs --table`
// prints every row recorded so far.
import { phase, phaseTable } from './phases.mjs';

const args = process.argv.slice(2);
if (args[0] === '--table') {
  console.log(phaseTable(process.env.PHASE_REPORT ?? ''));
} else {
  const separator = args.indexOf('--');
  if (separator !== 1 || args.length < 3) {
    console.error('usage: node scripts/phase.mjs NAME -- COMMAND [ARG…] | --table');
    process.exit(2);
  }
  const [command, ...rest] = args.slice(2);
  const ok = await phase(args[0], { command, args: rest });
  process.exit(ok ? 0 : 1);
}
