// The ids of the commands this layer contributes (package.json `contributes.commands`), in one place.
export const COMMANDS = {
  addConnection: 'tidbLab.addConnection',
  editConnection: 'tidbLab.editConnection',
  duplicateConnection: 'tidbLab.duplicateConnection',
  removeConnection: 'tidbLab.removeConnection',
  connect: 'tidbLab.connect',
  disconnect: 'tidbLab.disconnect',
  /** one item (inline and context menu); the whole view without an item */
  refresh: 'tidbLab.refresh',
  /** the view's title bar: everything shown */
  refreshConnections: 'tidbLab.refreshConnections',
  selectActiveConnection: 'tidbLab.selectActiveConnection',
  showLog: 'tidbLab.showLog',
  openConnectionSettings: 'tidbLab.openConnectionSettings',
} as const;

export const VIEWS = {
  connections: 'tidbLab.connections',
} as const;

/** Context keys this layer sets, for `when` clauses of later features. */
export const CONTEXT_KEYS = {
  hasActiveConnection: 'tidbLab.hasActiveConnection',
  /** 'tidb' | 'mariadb' | 'mysql' | 'unknown', or '' without an active connection */
  activeConnectionFlavor: 'tidbLab.activeConnectionFlavor',
} as const;
