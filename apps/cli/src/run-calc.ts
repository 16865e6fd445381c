import { readFileSync } from 'node:fs';
import { calculateProject } from '@pfahlplaner/engine';
import type { EngineIssue, ProjectResult } from '@pfahlplaner/engine';

/** Outcome of one CLI run: exit code and the text for stdout / stderr. */
export type CliOutcome = { exitCode: number; stdout: string; stderr: string };

/**
 * Reads a project JSON file and calculates it. Exit code 0 whenever the file is a project (row-level
 * problems are issues on their rows); 1 when the file cannot be read as a project (missing, not JSON,
 * top-level keys missing); 2 for a usage error. `--no-loadcases` skips the horizontal load cases.
 */
export function runCalc(args: readonly string[]): CliOutcome {
  const flags = args.filter((a) => a.startsWith('--'));
  const files = args.filter((a) => !a.startsWith('--'));
  const file = files[0];
  if (file === undefined || files.length > 1 || flags.some((f) => f !== '--no-loadcases')) {
    return {
      exitCode: 2,
      stdout: '',
      stderr: 'usage: npm run calc --silent -- <project.json> [--no-loadcases]\n',
    };
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return fail([
      { code: 'FILE_UNREADABLE', message: error instanceof Error ? error.message : String(error) },
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    return fail([
      { code: 'NOT_JSON', message: error instanceof Error ? error.message : String(error) },
    ]);
  }
  const result: ProjectResult = calculateProject(parsed, {
    horizontalLoadCases: flags.includes('--no-loadcases') ? 'skip' : 'calculate',
  });
  const fatal = result.issues.filter(
    (i: EngineIssue) => i.code === 'PROJECT_NOT_AN_OBJECT' || i.code === 'PROJECT_KEY_MISSING',
  );
  if (fatal.length > 0) return fail(fatal);
  // One engine call gives the axial results and the load cases (lateral analysis and section design).
  return { exitCode: 0, stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '' };
}

function fail(problems: unknown[]): CliOutcome {
  return { exitCode: 1, stdout: '', stderr: `${JSON.stringify({ problems }, null, 2)}\n` };
}
