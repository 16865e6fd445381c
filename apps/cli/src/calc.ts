// `npm run calc --silent -- <project.json> [--no-loadcases]`: prints the results of a project as JSON
// (axial results and the horizontal load cases, one engine call).
import { runCalc } from './run-calc';

const outcome = runCalc(process.argv.slice(2));
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
process.exitCode = outcome.exitCode;
