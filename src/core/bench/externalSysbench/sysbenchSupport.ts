// What sysbench 1.0.20 cannot run the way the built-in engine would: options it does not have (some
// are sysbench 1.1's, some TiDB Lab's own), TLS settings beyond on/off, and an experiment variant's
// session statements, which sysbench has no way to send on its connections.
import { findOption, type BenchOptions } from '../benchOptions';
import { SysbenchInvocationError, sysbenchInvocation } from './sysbenchInvocation';

export interface SysbenchRunContext {
  /** statements each benchmark connection runs after connecting (experiment variants) */
  sessionStatements?: readonly string[];
}

/** Why sysbench 1.0.20 cannot run these options as the built-in engine would; empty when it can. */
export function sysbenchLimitations(options: BenchOptions, context: SysbenchRunContext = {}): string[] {
  const reasons: string[] = [];
  const l = options.limits;
  const c = options.connection;
  const d = options.driver;
  if (l.warmupTime > 0) reasons.push('--warmup-time is a sysbench 1.1 option');
  if (options.random.type === 'zipfian') reasons.push('--rand-type=zipfian is a sysbench 1.1 distribution');
  if (c.tls === 'preferred' || c.tls === 'verify_ca' || c.tls === 'verify_identity') {
    reasons.push(`--mysql-ssl=${c.tls.toUpperCase()}: sysbench 1.0.20 only has on and off (on does not check the certificate)`);
  }
  for (const [name, value] of [
    ['mysql-ssl-ca', c.caFile],
    ['mysql-ssl-cert', c.certFile],
    ['mysql-ssl-key', c.keyFile],
  ] as const) {
    if (value !== undefined) reasons.push(`--${name} is a sysbench 1.1 option`);
  }
  if (d.clientWorkers > 0) reasons.push('--client-workers is an option of the built-in engine');
  if (d.clientIo !== 'auto') reasons.push('--client-io is an option of the built-in engine');
  if (String(d.reconnectTimeoutSec) !== findOption('reconnect-timeout')?.defaultValue)
    reasons.push('--reconnect-timeout is an option of the built-in engine');
  if ((context.sessionStatements ?? []).length > 0)
    reasons.push("the variant's session statements (sysbench cannot run them on its connections)");
  try {
    sysbenchInvocation(options, 'run', false);
  } catch (error) {
    if (!(error instanceof SysbenchInvocationError)) throw error;
    reasons.push(error.message);
  }
  return reasons;
}
