// .ci/run's own phases:
//   node scripts/phase.mjs NAME -- COMMAND [ARG…]
//     runs and times one (a row in $PHASE_REPORT);
//   node scripts/phase.mjs --side-by-side NAME STEP -- COMMAND [ARG…] \; STEP -- COMMAND [ARG…]
//     runs the steps side by side, a row for the phase and one per step;
//   node scripts/phase.mjs --table
//     prints every row recorded so far.
import { phase, phaseTable } from './phases.mjs';

const usage =
  'usage: node scripts/phase.mjs NAME -- COMMAND [ARG…] | --side-by-side NAME STEP -- COMMAND [ARG…] [; STEP -- …] | --table';

/** "NAME -- COMMAND ARG…" into a step. */
function stepOf(words) {
  const separator = words.indexOf('--');
  if (separator !== 1 || words.length < 3) {
    console.error(usage);
    process.exit(2);
  }
  const [command, ...args] = words.slice(2);
  return { name: words[0], command, args };
}

const args = process.argv.slice(2);
if (args[0] === '--table') {
  console.log(phaseTable(process.env.PHASE_REPORT ?? ''));
} else if (args[0] === '--side-by-side') {
  const [, name, ...rest] = args;
  const steps = [];
  let current = [];
  for (const word of [...rest, ';']) {
    if (word !== ';') current.push(word);
    else if (current.length > 0) {
      steps.push(stepOf(current));
      current = [];
    }
  }
  if (!name || steps.length === 0) {
    console.error(usage);
    process.exit(2);
  }
  process.exit((await phase(name, steps)) ? 0 : 1);
} else {
  const { command, args: commandArgs } = stepOf(args);
  process.exit((await phase(args[0], { command, args: commandArgs })) ? 0 : 1);
}
