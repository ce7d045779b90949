// A Stryker reporter that says, in one line, how many mutants this run tests and how many it settles
// without a run (reused from the incremental file, static, or covered by no test). Stryker's own
// progress line is printed every 10 s only, so a short incremental run would otherwise say nothing.
import { relative } from 'node:path';
import { PlanKind, type MutantTestPlan } from '@stryker-mutator/api/core';
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import type { MutationTestingPlanReadyEvent, Reporter } from '@stryker-mutator/api/report';

const SHOWN_AT_MOST = 20;

class PlanSummaryReporter implements Reporter {
  onMutationTestingPlanReady({ mutantPlans }: MutationTestingPlanReadyEvent): void {
    const tested = mutantPlans.filter((plan: MutantTestPlan) => plan.plan === PlanKind.Run);
    process.stdout.write(
      `Mutation testing plan: ${tested.length} mutant(s) to test, ${mutantPlans.length - tested.length} settled without a run\n`,
    );
    // A short list says which: after a small change, whether the run tests what the change touched.
    if (tested.length <= SHOWN_AT_MOST) {
      for (const { mutant } of tested)
        process.stdout.write(
          `  ${relative(process.cwd(), mutant.fileName)}:${mutant.location.start.line + 1} ${mutant.mutatorName}\n`,
        );
    }
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'plan-summary', PlanSummaryReporter)];
