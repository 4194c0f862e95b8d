// The ids the Run Statement feature contributes (package.json): the command, the setting, the webview type.
export const RUN_COMMANDS = {
  runStatement: 'tidbLab.runStatement',
} as const;

export const RUN_SETTINGS = {
  rowLimit: 'tidbLab.results.rowLimit',
} as const;

export const RESULT_GRID_VIEW_TYPE = 'tidbLab.resultGrid';

/** Run Statement's key (package.json's keybindings, in SQL editors), shown in the CodeLens tooltips. */
export const RUN_STATEMENT_KEY = { key: 'ctrl+enter', mac: 'cmd+enter', when: 'editorTextFocus && editorLangId == sql' } as const;

export function runStatementKeyLabel(platform: string): string {
  return platform === 'darwin' ? 'Cmd+Enter' : 'Ctrl+Enter';
}
