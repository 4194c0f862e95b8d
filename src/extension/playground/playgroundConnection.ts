// The connection to a playground's TiDB: named after the playground ("TiUP Playground: <tag>", the
// title TiUP gives its terminal), at the host and port it printed, as root without a password (how
// a playground is reached). Starting the same tag again updates the same connection.
import type { ConnectionProfile } from '../../core/db/connectionProfile';
import type { Endpoint } from '../../core/tiup/playgroundOutput';
import { newProfileId, type ConnectionStore } from '../connections/connectionStore';

export function playgroundConnectionName(tag: string): string {
  return `TiUP Playground: ${tag}`;
}

/** Saves (or updates) the playground's connection and returns its id. */
export async function savePlaygroundConnection(store: ConnectionStore, tag: string, endpoint: Endpoint): Promise<string> {
  const name = playgroundConnectionName(tag);
  const existing = store.all().find((connection) => connection.source === 'personal' && connection.profile.name === name);
  const profile: ConnectionProfile = {
    ...(existing?.profile ?? { tls: 'off', user: 'root', passwordMode: 'empty' }),
    id: existing?.profile.id ?? newProfileId(),
    name,
    host: endpoint.host,
    port: endpoint.port,
    user: 'root',
    passwordMode: 'empty',
    tls: 'off',
  };
  delete profile.caFile;
  await store.save(profile, { kind: 'keep' });
  return profile.id;
}
