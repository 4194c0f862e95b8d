// The ids the plan feature contributes (package.json): commands, settings, the webview type.
export const PLAN_COMMANDS = {
  explainStatement: 'tidbLab.explainStatement',
  explainAnalyzeStatement: 'tidbLab.explainAnalyzeStatement',
  visualizePlanFromClipboard: 'tidbLab.visualizePlanFromClipboard',
  visualizePlanFromSelection: 'tidbLab.visualizePlanFromSelection',
  comparePlans: 'tidbLab.comparePlans',
  /** from the editor hover: opens (or reveals) the plan view of a statement's last run */
  showStatementPlan: 'tidbLab.showStatementPlan',
} as const;

export const PLAN_SETTINGS = {
  showDiagnostics: 'tidbLab.plans.showDiagnostics',
  codeLens: 'tidbLab.plans.codeLens',
} as const;

export const PLAN_VIEW_TYPE = 'tidbLab.planView';

/** Languages whose files get the CodeLenses, the inline summary and the hover. */
export const SQL_DOCUMENTS: { language: string }[] = [{ language: 'sql' }, { language: 'mysql' }];
