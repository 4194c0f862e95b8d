// The commands and settings of the local TiDB cluster (TiUP playground) feature.
export const PLAYGROUND_COMMANDS = {
  start: 'tidbLab.startPlayground',
  stop: 'tidbLab.stopPlayground',
  connect: 'tidbLab.connectPlayground',
  showLog: 'tidbLab.showPlaygroundLog',
  openDashboard: 'tidbLab.openPlaygroundDashboard',
  actions: 'tidbLab.playgroundActions',
} as const;

export const PLAYGROUND_SETTINGS = {
  tiupPath: 'tidbLab.tiup.path',
  tag: 'tidbLab.tiup.tag',
  monitor: 'tidbLab.tiup.monitor',
  stopOnWindowClose: 'tidbLab.tiup.stopOnWindowClose',
  startTimeoutSeconds: 'tidbLab.tiup.startTimeoutSeconds',
} as const;

/** set while a playground this window knows of runs (for menus) */
export const PLAYGROUND_RUNNING_CONTEXT = 'tidbLab.playgroundRunning';
