// The ids the Run Statement feature contributes (package.json): the command, the setting, the webview type.
export const RUN_COMMANDS = {
  runStatement: 'tidbLab.runStatement',
} as const;

export const RUN_SETTINGS = {
  rowLimit: 'tidbLab.results.rowLimit',
} as const;

export const RESULT_GRID_VIEW_TYPE = 'tidbLab.resultGrid';
