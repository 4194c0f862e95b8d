// The Statements view and its commands: order, window and database of the list; a statement's
// plans opened in the plan view or compared; on TiDB v6.6+ a plan bound from history (the exact
// statement shown and asked first), bindings dropped (asked first); tidbLab.revealStatement
// `{ connectionId, digest }` focuses a statement (the benchmark result's Server section links here).
import * as vscode from 'vscode';
import { readSlowQueryPlan } from '../../core/server/slowQueries';
import { resolveStatementPlan } from '../../core/server/statementPlan';
import { readStatementPlans } from '../../core/server/statementPlans';
import { inFirstSeenOrder, planPair } from '../../core/server/planOrder';
import { STATEMENT_ORDERS, type StatementOrder } from '../../core/server/topStatements';
import { bindFromHistoryStatement, dropBindingStatement, dropBySqlDigestUnavailable } from '../../core/tidb/planBindings';
import type { TidbLabApi } from '../api';
import type { CompareRequest } from '../plans/compareCommand';
import type { PlanViewPanels } from '../plans/planViewPanels';
import type { PlanSource } from '../../protocol/planView';
import { ORDER_LABELS, oneLine, WINDOW_CHOICES, windowLabel } from './statementLabels';
import { StatementsTreeProvider, type StatementsNode } from './statementsTreeProvider';

export const STATEMENTS_VIEW = 'tidbLab.statements';

export const STATEMENT_COMMANDS = {
  refresh: 'tidbLab.refreshStatements',
  order: 'tidbLab.statementsOrder',
  window: 'tidbLab.statementsWindow',
  database: 'tidbLab.statementsDatabase',
  openPlan: 'tidbLab.openStatementPlan',
  comparePlans: 'tidbLab.compareStatementPlans',
  bindPlan: 'tidbLab.bindStatementPlan',
  dropBinding: 'tidbLab.dropPlanBinding',
  reveal: 'tidbLab.revealStatement',
} as const;

export function registerStatementsFeature(
  context: vscode.ExtensionContext,
  api: TidbLabApi,
  panels: PlanViewPanels,
): vscode.TreeView<StatementsNode> {
  const t = vscode.l10n.t;
  const tree = new StatementsTreeProvider(api.connections, STATEMENTS_VIEW);
  const view = vscode.window.createTreeView<StatementsNode>(STATEMENTS_VIEW, { treeDataProvider: tree, showCollapseAll: true });
  const describe = () => {
    view.description = tree.description;
  };
  describe();
  const reload = async () => {
    describe();
    await tree.refresh();
  };
  context.subscriptions.push(
    tree,
    view,
    vscode.commands.registerCommand(STATEMENT_COMMANDS.refresh, reload),
    vscode.commands.registerCommand(STATEMENT_COMMANDS.order, async (order?: unknown) => {
      const chosen = STATEMENT_ORDERS.includes(order as StatementOrder)
        ? (order as StatementOrder)
        : (
            await vscode.window.showQuickPick(
              STATEMENT_ORDERS.map((value) => ({ label: ORDER_LABELS[value], value, picked: value === tree.order })),
              { title: t('Order the statements') },
            )
          )?.value;
      if (chosen === undefined) return;
      tree.order = chosen;
      await reload();
    }),
    vscode.commands.registerCommand(STATEMENT_COMMANDS.window, async (minutes?: unknown) => {
      const given = typeof minutes === 'number' || minutes === null ? { value: minutes === null ? undefined : minutes } : undefined;
      const chosen =
        given ??
        (await vscode.window.showQuickPick(
          WINDOW_CHOICES.map((value) => ({ label: windowLabel(value), value })),
          {
            title: t('Which time window?'),
            placeHolder: t(
              "TiDB: summary windows that ended in it; MySQL/MariaDB: digests last seen in it (their counts run from the server's start)",
            ),
          },
        ));
      if (chosen === undefined) return;
      tree.windowMinutes = chosen.value;
      await reload();
    }),
    vscode.commands.registerCommand(STATEMENT_COMMANDS.database, async (database?: unknown) => {
      let chosen: string | undefined | null = typeof database === 'string' ? database : null;
      if (chosen === null) {
        const session = api.connections.activeSession();
        const names = session ? (await session.query('SHOW DATABASES')).map((row) => String(Object.values(row)[0])) : [];
        const pick = await vscode.window.showQuickPick(
          [{ label: t('All databases'), value: '' }, ...names.map((name) => ({ label: name, value: name }))],
          { title: t('Only statements run in which database?') },
        );
        if (pick === undefined) return;
        chosen = pick.value;
      }
      tree.database = chosen === '' ? undefined : chosen;
      await reload();
    }),
    vscode.commands.registerCommand(STATEMENT_COMMANDS.openPlan, (node?: StatementsNode) => openPlan(tree, panels, node)),
    vscode.commands.registerCommand(STATEMENT_COMMANDS.comparePlans, (node?: StatementsNode) => comparePlans(tree, node)),
    vscode.commands.registerCommand(STATEMENT_COMMANDS.bindPlan, (node?: StatementsNode) => bindPlan(tree, node)),
    vscode.commands.registerCommand(STATEMENT_COMMANDS.dropBinding, (node?: StatementsNode) => dropBinding(tree, node)),
    vscode.commands.registerCommand(STATEMENT_COMMANDS.reveal, async (request?: { connectionId?: unknown; digest?: unknown }) => {
      if (typeof request?.digest !== 'string') return false;
      if (typeof request.connectionId === 'string' && request.connectionId !== api.connections.activeProfileId()) {
        const session = await api.connections.connect(request.connectionId);
        if (session === undefined) return false;
        api.connections.setActive(request.connectionId);
        await tree.refresh();
      }
      await vscode.commands.executeCommand(`${STATEMENTS_VIEW}.focus`);
      const node = await tree.findStatement(request.digest);
      if (node === undefined) {
        void vscode.window.showInformationMessage(
          t("The statement {0} is not in the server's statement statistics (any more).", request.digest.slice(0, 12)),
        );
        return false;
      }
      await view.reveal(node, { select: true, focus: true, expand: true });
      return true;
    }),
  );
  return view;
}

interface PlanText {
  title: string;
  text: string;
}

/** The plan of a plan node or a slow query, decoded on the server. */
async function planTextOf(tree: StatementsTreeProvider, node: StatementsNode): Promise<PlanText | string> {
  const t = vscode.l10n.t;
  const data = tree.current();
  if (data === null) return t('No active connection.');
  const { session } = data;
  if (node.kind === 'plan') {
    const { plans, warnings } = await readStatementPlans(session, session.identity.flavor, node.statement.digest);
    const found = plans.find((plan) => plan.planDigest === node.plan.planDigest)?.plan;
    if (!found)
      return t('The server no longer keeps plan {0} of this statement. {1}', node.plan.planDigest.slice(0, 12), warnings.join(' '));
    return { title: t('Plan {0}: {1}', node.plan.planDigest.slice(0, 12), oneLine(node.statement.digestText, 60)), text: found.text };
  }
  if (node.kind === 'slow') {
    const encoded = await readSlowQueryPlan(session, node.slow);
    const plan = encoded === null ? null : await resolveStatementPlan(session, encoded);
    if (!plan) return t("The slow query log no longer has this query's plan.");
    return { title: t('Slow query {0}: {1}', node.slow.time.replace(/\.\d+$/, ''), oneLine(node.slow.query, 60)), text: plan.text };
  }
  return t('Pick a plan of a statement or a slow query.');
}

async function openPlan(tree: StatementsTreeProvider, panels: PlanViewPanels, node?: StatementsNode): Promise<boolean> {
  if (node === undefined) return false;
  const plan = await planTextOf(tree, node);
  if (typeof plan === 'string') {
    void vscode.window.showWarningMessage(plan);
    return false;
  }
  const data = tree.current();
  const source: PlanSource = {
    origin: {
      title: plan.title,
      connection: data ? `${data.session.profile.name} · ${data.session.identity.versionString}` : undefined,
      note: vscode.l10n.t("from the server's statement statistics"),
    },
    input: { kind: 'text', text: plan.text },
  };
  panels.show({ kind: 'plan', plan: source }, panels.build({ kind: 'plan', plan: source }));
  return true;
}

async function comparePlans(tree: StatementsTreeProvider, node?: StatementsNode): Promise<unknown> {
  const t = vscode.l10n.t;
  if (node?.kind !== 'statement' || node.statement.plans.length < 2) {
    void vscode.window.showInformationMessage(t('Pick a statement that ran with two plans or more.'));
    return undefined;
  }
  // first seen first; the oldest and the newest are the default pair: before and after the change
  const whole = planPair(node.statement.plans);
  if (whole === null) return undefined;
  const items = inFirstSeenOrder(node.statement.plans).map((plan) => ({
    label: plan.planDigest.slice(0, 12),
    description: `${plan.execCount.toLocaleString('en-US')}×`,
    detail: plan.firstSeen !== null ? t('first seen {0}', plan.firstSeen) : undefined,
    picked: plan === whole.before || plan === whole.after,
    plan,
  }));
  const chosen =
    items.length === 2 ? items : await vscode.window.showQuickPick(items, { canPickMany: true, title: t('Compare which two plans?') });
  if (chosen === undefined || chosen.length !== 2) return undefined;
  const pair = planPair(chosen.map((item) => item.plan));
  if (pair === null) return undefined;
  const [before, after] = await Promise.all(
    [pair.before, pair.after].map((plan) => planTextOf(tree, { kind: 'plan', statement: node.statement, plan })),
  );
  if (typeof before === 'string' || typeof after === 'string') {
    void vscode.window.showWarningMessage(typeof before === 'string' ? before : (after as string));
    return undefined;
  }
  const data = tree.current();
  // titled by plan digest and, when the server says when each was first seen, which came first
  const request: CompareRequest = {
    beforeText: before.text,
    afterText: after.text,
    beforeTitle: pair.byFirstSeen
      ? t('Older plan {0} (first seen {1})', pair.before.planDigest.slice(0, 12), pair.before.firstSeen ?? '')
      : t('Plan {0}', pair.before.planDigest.slice(0, 12)),
    afterTitle: pair.byFirstSeen
      ? t('Newer plan {0} (first seen {1})', pair.after.planDigest.slice(0, 12), pair.after.firstSeen ?? '')
      : t('Plan {0}', pair.after.planDigest.slice(0, 12)),
    connection: data ? `${data.session.profile.name} · ${data.session.identity.versionString}` : undefined,
    statement: node.statement.digestText,
    note: t("from the server's statement statistics"),
  };
  return vscode.commands.executeCommand('tidbLab.comparePlans', request);
}

async function bindPlan(tree: StatementsTreeProvider, node?: StatementsNode): Promise<boolean> {
  const t = vscode.l10n.t;
  const planDigest = node?.kind === 'plan' ? node.plan.planDigest : node?.kind === 'slow' ? node.slow.planDigest : null;
  const data = tree.current();
  if (planDigest === null || data === null) return false;
  const unavailable = tree.bindUnavailable();
  if (unavailable !== null) {
    void vscode.window.showWarningMessage(unavailable);
    return false;
  }
  const statement = bindFromHistoryStatement(planDigest);
  const text = node?.kind === 'plan' ? node.statement.digestText : node?.kind === 'slow' ? node.slow.query : '';
  const answer = await vscode.window.showWarningMessage(
    t('Bind this plan to the statement for every session?'),
    {
      modal: true,
      detail: t(
        'TiDB Lab will run:\n\n{0}\n\nEvery session then plans “{1}” this way until the binding is dropped.',
        statement,
        oneLine(text, 120),
      ),
    },
    t('Bind Plan'),
  );
  if (answer !== t('Bind Plan')) return false;
  try {
    await data.session.run(statement);
  } catch (error) {
    void vscode.window.showErrorMessage(t('Binding the plan failed: {0}', error instanceof Error ? error.message : String(error)));
    return false;
  }
  void vscode.window.showInformationMessage(t('Plan {0} is bound.', planDigest.slice(0, 12)));
  await tree.refresh();
  return true;
}

async function dropBinding(tree: StatementsTreeProvider, node?: StatementsNode): Promise<boolean> {
  const t = vscode.l10n.t;
  const data = tree.current();
  if (node?.kind !== 'binding' || data === null) return false;
  const unavailable = dropBySqlDigestUnavailable(data.session.identity);
  if (unavailable !== null || node.binding.sqlDigest === null) {
    void vscode.window.showWarningMessage(unavailable ?? t('This binding has no SQL digest to drop it by.'));
    return false;
  }
  const statement = dropBindingStatement(node.binding.sqlDigest);
  const answer = await vscode.window.showWarningMessage(
    t('Drop this binding for every session?'),
    {
      modal: true,
      detail: t(
        'TiDB Lab will run:\n\n{0}\n\nThe statement “{1}” is then planned by the optimizer again.',
        statement,
        oneLine(node.binding.originalSql, 120),
      ),
    },
    t('Drop Binding'),
  );
  if (answer !== t('Drop Binding')) return false;
  try {
    await data.session.run(statement);
  } catch (error) {
    void vscode.window.showErrorMessage(t('Dropping the binding failed: {0}', error instanceof Error ? error.message : String(error)));
    return false;
  }
  await tree.refresh();
  return true;
}
