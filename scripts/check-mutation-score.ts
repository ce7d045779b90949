/**
 * Fails unless every counted mutant under core/ is detected (100%). Stryker's own
 * thresholds.break already fails the run below 90% overall; this adds the stricter bar
 * for the domain rules, from the same run's JSON report.
 */
import { readFileSync } from 'node:fs';
import type { MutantResult, MutationTestResult } from 'mutation-testing-report-schema';

const REQUIRED_SCORES: Record<string, number> = { 'core/': 100 };
const DETECTED: readonly string[] = ['Killed', 'Timeout'];
/** Compile and runtime errors and ignored mutants are not part of Stryker's score either. */
const COUNTED: readonly string[] = [...DETECTED, 'Survived', 'NoCoverage'];

const reportPath = process.argv[2] ?? 'reports/mutation/mutation.json';
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as MutationTestResult;

let failed = false;
for (const [prefix, required] of Object.entries(REQUIRED_SCORES)) {
  const mutants: (MutantResult & { file: string })[] = Object.entries(report.files)
    .filter(([file]) => file.startsWith(prefix))
    .flatMap(([file, result]) => result.mutants.map((mutant) => ({ ...mutant, file })))
    .filter((mutant) => COUNTED.includes(mutant.status));
  if (mutants.length === 0) {
    console.error(`mutation score ${prefix}: no mutants counted; the run tested nothing there`);
    failed = true;
    continue;
  }
  const undetected = mutants.filter((mutant) => !DETECTED.includes(mutant.status));
  const score = (100 * (mutants.length - undetected.length)) / mutants.length;
  console.log(`mutation score ${prefix}: ${score.toFixed(2)}% (${mutants.length - undetected.length}/${mutants.length}), required ${required}%`);
  if (score < required) {
    failed = true;
    for (const mutant of undetected) {
      console.error(`  ${mutant.status} ${mutant.file}:${mutant.location.start.line} ${mutant.mutatorName} -> ${mutant.replacement ?? ''}`);
    }
  }
}
process.exit(failed ? 1 : 0);
