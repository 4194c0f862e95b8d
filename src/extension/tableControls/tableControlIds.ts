// The ids the TiDB table controls contribute in package.json: commands, the setting, a context key.
export const TABLE_CONTROL_COMMANDS = {
  cacheTable: 'tidbLab.cacheTable',
  stopCachingTable: 'tidbLab.stopCachingTable',
  verifyCacheHit: 'tidbLab.verifyCacheHit',
  cacheLease: 'tidbLab.cacheLease',
  setTiFlashReplicas: 'tidbLab.setTiFlashReplicas',
  /** the way out of "cached tables cannot get replicas" (a notification button; not in menus) */
  stopCachingThenSetTiFlashReplicas: 'tidbLab.stopCachingThenSetTiFlashReplicas',
} as const;

export const TABLE_CONTROL_SETTINGS = {
  /** ask before each DDL (CACHE, NOCACHE, SET TIFLASH REPLICA) and SET GLOBAL; "Don't Ask Again" turns it off */
  confirmDdl: 'tidbLab.tableControls.confirmDdl',
} as const;

export const TABLE_CONTROL_CONTEXT_KEYS = {
  /** the active connection is TiDB v6.0 or later: the palette offers "Cache Lease..." */
  activeConnectionHasCachedTables: 'tidbLab.activeConnectionHasCachedTables',
} as const;
