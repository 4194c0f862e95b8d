// The contextValue of every Connections tree item, in one place. Menus (package.json
// `view/item/context`) and later features key on these. The scheme is `<kind>[.<flavor>][.<state>...]`,
// dot-separated, so a `when` clause can match a prefix with a regular expression:
//
//   connection.connected.personal | connection.connected.settings
//   connection.disconnected.personal | connection.disconnected.settings
//       match every connected one with  viewItem =~ /^connection\.connected\b/
//   connection.invalid                  a broken entry in the tidbLab.connections setting
//   server.tidb | server.mariadb | server.mysql | server.unknown
//   cluster.available | cluster.unavailable, clusterComponent.<type> (tidb, pd, tikv, tiflash, ...)
//   database.tidb | database.mysql
//   table.tidb.cached | table.tidb.notCached   (TiDB base tables; cache actions key on these)
//   table.tidb.cacheUnsupported                (TiDB older than cached tables, v6.0: no cache actions)
//   table.mysql                                (MySQL and MariaDB tables: no TiDB actions)
//   view.tidb | view.mysql
//   columns | column, indexes | index
//   message.error | message.info               (placeholders such as "Could not list tables")
//
// "mysql" stands for the whole MySQL family without TiDB features (MySQL, MariaDB, unknown).
import type { ServerFlavor } from '../../core/db/serverFlavor';
import type { ConnectionSource } from '../connections/connectionStore';

export type FlavorFamily = 'tidb' | 'mysql';

export function flavorFamily(flavor: ServerFlavor): FlavorFamily {
  return flavor === 'tidb' ? 'tidb' : 'mysql';
}

export const contextValues = {
  connection: (connected: boolean, source: ConnectionSource) => `connection.${connected ? 'connected' : 'disconnected'}.${source}`,
  invalidConnection: 'connection.invalid',
  server: (flavor: ServerFlavor) => `server.${flavor}`,
  cluster: (available: boolean) => `cluster.${available ? 'available' : 'unavailable'}`,
  clusterComponent: (type: string) => `clusterComponent.${type.replace(/[^a-z0-9]/gi, '')}`,
  database: (flavor: ServerFlavor) => `database.${flavorFamily(flavor)}`,
  table: (flavor: ServerFlavor, cached: boolean, cachingSupported = true) =>
    flavor === 'tidb' ? `table.tidb.${cached ? 'cached' : cachingSupported ? 'notCached' : 'cacheUnsupported'}` : 'table.mysql',
  view: (flavor: ServerFlavor) => `view.${flavorFamily(flavor)}`,
  columns: 'columns',
  column: 'column',
  indexes: 'indexes',
  index: 'index',
  message: (kind: 'error' | 'info') => `message.${kind}`,
} as const;
