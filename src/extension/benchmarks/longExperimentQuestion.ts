// Before an experiment starts: its estimated duration goes to the log, and above
// LONG_EXPERIMENT_SECONDS (2 hours) a modal asks whether to start it at all.
import * as vscode from 'vscode';
import type { ExperimentDefinition } from '../../core/bench/experiments/experimentDefinition';
import {
  describeEstimate,
  estimateExperiment,
  formatDuration,
  isLongExperiment,
  LONG_EXPERIMENT_SECONDS,
} from '../../core/bench/experiments/experimentSize';
import type { ExtensionLog } from '../log/extensionLog';

/** True when the experiment may start: it is not long, the caller agreed already, or the user says Run. */
export async function mayStartExperiment(
  definition: ExperimentDefinition,
  connectionName: string,
  alreadyConfirmed: boolean,
  log: ExtensionLog,
): Promise<boolean> {
  const estimate = estimateExperiment(definition);
  log.info(`[experiment] ${definition.name}: ${describeEstimate(estimate)}`);
  if (!isLongExperiment(estimate) || alreadyConfirmed) return true;
  const t = vscode.l10n.t;
  const run = t('Run');
  const choice = await vscode.window.showWarningMessage(
    t('"{0}" would run on {1} for at least {2}.', definition.name, connectionName, formatDuration(estimate.seconds)),
    {
      modal: true,
      detail: `${describeEstimate(estimate)}.\n${t('Experiments estimated to take longer than {0} ask before they start; a running one can be cancelled at any time, keeping the cells measured so far.', formatDuration(LONG_EXPERIMENT_SECONDS))}`,
    },
    run,
  );
  if (choice === run) return true;
  log.info(`[experiment] ${definition.name}: not started.`);
  return false;
}
