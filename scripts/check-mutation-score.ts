/**
 * Reads the whole mutation report, results reused from the incremental file included, and fails
 * unless every counted mutant under core/ is detected (100%) and the score over everything reaches
 * Stryker's own break threshold. Stryker checks that threshold too; it is read here so one run's
 * summary states both bars.
 */
import { readFileSync } from 'node:fs';
import type { MutantResult, MutationTestResult } from 'mutation-testing-report-schema';

interface StrykerConfig {
  readonly thresholds: { readonly break: number };
  readonly jsonReporter: { readonly fileName: string };
}

const config = JSON.parse(readFileSync('stryker.config.json', 'utf8')) as StrykerConfig;
/** Path prefixes and the score each must reach; '' is everything mutated. */
const REQUIRED_SCORES: Record<string, number> = { 'core/': 100, '': config.thresholds.break };
const DETECTED: readonly string[] = ['Killed', 'Timeout'];
/** Compile and runtime errors and ignored mutants are not part of Stryker's score either. */
const COUNTED: readonly string[] = [...DETECTED, 'Survived', 'NoCoverage'];

const report = JSON.parse(readFileSync(process.argv[2] ?? config.jsonReporter.fileName, 'utf8')) as MutationTestResult;

let failed = false;
for (const [prefix, required] of Object.entries(REQUIRED_SCORES)) {
  const name = prefix === '' ? 'everything' : prefix;
  const mutants: (MutantResult & { file: string })[] = Object.entries(report.files)
    .filter(([file]) => file.startsWith(prefix))
    .flatMap(([file, result]) => result.mutants.map((mutant) => ({ ...mutant, file })))
    .filter((mutant) => COUNTED.includes(mutant.status));
  if (mutants.length === 0) {
    console.error(`mutation score ${name}: no mutants counted; the run tested nothing there`);
    failed = true;
    continue;
  }
  const undetected = mutants.filter((mutant) => !DETECTED.includes(mutant.status));
  const score = (100 * (mutants.length - undetected.length)) / mutants.length;
  console.log(
    `mutation score ${name}: ${score.toFixed(2)}% (${mutants.length - undetected.length}/${mutants.length}), required ${required}%`,
  );
  if (score < required) {
    failed = true;
    for (const mutant of undetected) {
      console.error(
        `  ${mutant.status} ${mutant.file}:${mutant.location.start.line} ${mutant.mutatorName} -> ${mutant.replacement ?? ''}`,
      );
    }
  }
}
process.exit(failed ? 1 : 0);
