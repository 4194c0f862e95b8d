// The ids SQL completion, Query History and the explorer's query commands contribute (package.json).
export const SQL_ASSIST_COMMANDS = {
  selectTop1000: 'tidbLab.selectTop1000Rows',
  newQuery: 'tidbLab.newQuery',
  historyRunAgain: 'tidbLab.queryHistory.runAgain',
  historyOpenInEditor: 'tidbLab.queryHistory.openInEditor',
  historyRemove: 'tidbLab.queryHistory.remove',
  historyClear: 'tidbLab.queryHistory.clear',
} as const;

export const QUERY_HISTORY_VIEW = 'tidbLab.queryHistory';

/** workspaceState key of the stored history */
export const QUERY_HISTORY_STATE_KEY = 'tidbLab.queryHistory';
