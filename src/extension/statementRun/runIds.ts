// The ids the Run Statement feature contributes (package.json): the command, the setting, the webview type.
export const RUN_COMMANDS = {
  runStatement: 'tidbLab.runStatement',
  runFile: 'tidbLab.runFile',
  resetSqlSession: 'tidbLab.resetSqlSession',
  changeEditorConnection: 'tidbLab.changeEditorConnection',
} as const;

export const RUN_SETTINGS = {
  rowLimit: 'tidbLab.results.rowLimit',
  onError: 'tidbLab.sql.onError',
} as const;

export const RESULT_GRID_VIEW_TYPE = 'tidbLab.resultGrid';

/** Run Statement's key (package.json's keybindings, in SQL editors), shown in the CodeLens tooltips. */
export const RUN_STATEMENT_KEY = { key: 'ctrl+enter', mac: 'cmd+enter', when: 'editorTextFocus && editorLangId == sql' } as const;

export function runStatementKeyLabel(platform: string): string {
  return platform === 'darwin' ? 'Cmd+Enter' : 'Ctrl+Enter';
}

/** Explain Analyze Statement's key in SQL editors (package.json's keybindings), shown in its CodeLens tooltip. */
export const EXPLAIN_ANALYZE_KEY = {
  command: 'tidbLab.explainAnalyzeStatement',
  key: 'ctrl+alt+enter',
  mac: 'cmd+alt+enter',
  when: 'editorTextFocus && editorLangId == sql',
} as const;

export function explainAnalyzeKeyLabel(platform: string): string {
  return platform === 'darwin' ? 'Cmd+Alt+Enter' : 'Ctrl+Alt+Enter';
}

/** Run File's key in SQL editors (package.json's keybindings). */
export const RUN_FILE_KEY = {
  command: RUN_COMMANDS.runFile,
  key: 'ctrl+shift+enter',
  mac: 'cmd+shift+enter',
  when: 'editorTextFocus && editorLangId == sql',
} as const;

export function runFileKeyLabel(platform: string): string {
  return platform === 'darwin' ? 'Cmd+Shift+Enter' : 'Ctrl+Shift+Enter';
}
