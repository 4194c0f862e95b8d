// What automation (tests, scripts) may pass to the connection commands.
import type { ConnectionProfile } from '../../core/db/connectionProfile';

/**
 * The argument `tidbLab.addConnection` accepts for automation (tests, scripts): the profile is
 * saved without opening the form, and the command returns its id. Missing fields take the form's
 * defaults (port 4000, TLS by host, password in secret storage).
 */
export interface AddConnectionRequest {
  profile: Partial<Omit<ConnectionProfile, 'id'>> & Pick<ConnectionProfile, 'name' | 'host' | 'user'>;
  password?: string;
}

export function isAddConnectionRequest(value: unknown): value is AddConnectionRequest {
  if (typeof value !== 'object' || value === null) return false;
  const profile = (value as { profile?: unknown }).profile;
  return typeof profile === 'object' && profile !== null;
}
