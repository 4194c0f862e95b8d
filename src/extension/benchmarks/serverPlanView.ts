// "Open plan" in a result's Server section: the plan the server kept for the statement during the
// run (its most-executed plan digest) in the plan view, one tab per statement digest.
import * as vscode from 'vscode';
import { shortText } from '../../core/results/serverActivityText';
import type { PlanViewPanels } from '../plans/planViewPanels';
import type { PlanSource } from '../../protocol/planView';
import type { ServerStatementAction } from './serverStatementActions';

export function openServerPlan(panels: PlanViewPanels, action: Extract<ServerStatementAction, { kind: 'openPlan' }>): void {
  const { statement, server } = action;
  const source: PlanSource = {
    origin: {
      title: shortText(statement.text),
      statement: statement.text,
      connection: server ? (server.versionString ?? `${server.flavor} ${server.version}`) : undefined,
      note: vscode.l10n.t("from the server's statement statistics during the benchmark run"),
    },
    input: { kind: 'text', text: action.plan },
  };
  panels.show({ kind: 'plan', plan: source }, panels.build({ kind: 'plan', plan: source }), {
    key: `server-statement:${statement.digest}`,
  });
}
