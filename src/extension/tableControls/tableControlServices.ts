// What the table control commands use: the shared services of the extension and the replica watches.
import type { ConnectionManager } from '../connections/connectionManager';
import type { ConnectionsTreeProvider } from '../explorer/connectionsTreeProvider';
import type { ExtensionLog } from '../log/extensionLog';
import type { ReplicaWatches } from './replicaWatches';

export interface TableControlServices {
  readonly connections: ConnectionManager;
  readonly explorer: ConnectionsTreeProvider;
  readonly log: ExtensionLog;
  readonly watches: ReplicaWatches;
}
