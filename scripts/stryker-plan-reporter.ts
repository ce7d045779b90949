// A Stryker reporter that says, in one line, how many mutants this run tests and how many it settles
// without a run (reused from the incremental file, static, or covered by no test). Stryker's own
// progress line is printed every 10 s only, so a short incremental run would otherwise say nothing.
import { PlanKind, type MutantTestPlan } from '@stryker-mutator/api/core';
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import type { MutationTestingPlanReadyEvent, Reporter } from '@stryker-mutator/api/report';

class PlanSummaryReporter implements Reporter {
  onMutationTestingPlanReady({ mutantPlans }: MutationTestingPlanReadyEvent): void {
    const tested = mutantPlans.filter((plan: MutantTestPlan) => plan.plan === PlanKind.Run).length;
    process.stdout.write(`Mutation testing plan: ${tested} mutant(s) to test, ${mutantPlans.length - tested} settled without a run\n`);
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'plan-summary', PlanSummaryReporter)];
