// `npm run calc --silent -- <project.json>`: prints the axial results of a project as JSON.
import { runCalc } from './run-calc';

const outcome = runCalc(process.argv.slice(2));
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
process.exitCode = outcome.exitCode;
