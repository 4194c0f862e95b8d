// Loads a stored result (a file in the workspace, the extension's storage, a pasted JSON) without
// trusting its shape: every field is checked and copied into a fresh object, so what comes out
// really is a BenchmarkResult. Problems come back as messages that name the field
// ("cells[3].run.summary.tps: expected a number, got a string"). Older schema versions are
// upgraded here; a result from a newer TiDB Lab is refused with a clear message. Passwords are
// dropped (password-like keys) or blanked (inside text) on the way in.

import {
  RESULT_SCHEMA_VERSION,
  type BenchmarkResult,
  type ChQueryNumbers,
  type ChSummary,
  type ClientLoad,
  type ExperimentCell,
  type ExperimentResult,
  type IntervalLatencyMs,
  type HdrLatencies,
  type LatencyHistogram,
  type MergedSource,
  type LatencySummaryMs,
  type TpccSummary,
  type TpccTransactionNumbers,
  type ResultInterval,
  type ResultSource,
  type ResultSummary,
  type SkippedVariant,
  type RunResult,
  type RunStatus,
  type ServerActivity,
  type ServerInfo,
  type ServerStatement,
  type ServerStatementPlan,
} from './benchmarkResult';
import { isSecretKey, redactSecrets, redactSecretText, setOwnValue } from './redactSecrets';
import { readServerRegions } from './serverRegionsValidation';

export type ParsedBenchmarkResult = { ok: true; result: BenchmarkResult; warnings: string[] } | { ok: false; errors: string[] };

const MAX_REPORTED_ERRORS = 20;
const RUN_STATUSES: readonly RunStatus[] = ['completed', 'cancelled', 'failed'];
const SERVER_FLAVORS: readonly ServerInfo['flavor'][] = ['tidb', 'mysql', 'mariadb', 'unknown'];
const LATENCY_KEYS = ['min', 'avg', 'max', 'p50', 'p90', 'p95', 'p99', 'p999'] as const;
const INTERVAL_RATES = ['tps', 'qps', 'reads', 'writes', 'others', 'errors', 'reconnects'] as const;
const SUMMARY_NUMBERS = ['events', 'queries', 'reads', 'writes', 'others', 'tps', 'qps', 'errors', 'reconnects'] as const;

export function parseBenchmarkResult(input: string | unknown): ParsedBenchmarkResult {
  let value: unknown = input;
  if (typeof input === 'string') {
    if (input.trim() === '') return { ok: false, errors: ['the result is empty'] };
    try {
      value = JSON.parse(input);
    } catch (error) {
      return { ok: false, errors: [`not valid JSON: ${(error as Error).message}`] };
    }
  }
  const reader = new ShapeReader();
  const result = reader.result(value);
  if (result === undefined || reader.errors.length > 0) return { ok: false, errors: reader.reportedErrors() };
  return { ok: true, result, warnings: reader.warnings };
}

type Json = Record<string, unknown>;

class ShapeReader {
  readonly errors: string[] = [];
  readonly warnings: string[] = [];

  reportedErrors(): string[] {
    if (this.errors.length <= MAX_REPORTED_ERRORS) return this.errors;
    return [...this.errors.slice(0, MAX_REPORTED_ERRORS), `... and ${this.errors.length - MAX_REPORTED_ERRORS} more problems`];
  }

  result(value: unknown): BenchmarkResult | undefined {
    const object = this.object(value, 'the result');
    if (object === undefined) return undefined;
    if (!this.schemaVersionSupported(object.schemaVersion)) return undefined;
    const upgraded = upgradeToCurrent(object);
    if (upgraded.kind === 'run') return this.run(upgraded, '');
    if (upgraded.kind === 'experiment') return this.experiment(upgraded);
    this.errors.push(`kind: expected 'run' or 'experiment', got ${describe(upgraded.kind)}; this is not a TiDB Lab benchmark result`);
    return undefined;
  }

  private schemaVersionSupported(version: unknown): boolean {
    if (typeof version !== 'number' || !Number.isInteger(version)) {
      this.errors.push(`schemaVersion: expected a whole number, got ${describe(version)}; this is not a TiDB Lab benchmark result`);
      return false;
    }
    if (version > RESULT_SCHEMA_VERSION) {
      this.errors.push(
        `this result was written by a newer TiDB Lab (schema version ${version}); this version reads up to ${RESULT_SCHEMA_VERSION}: update the extension to open it`,
      );
      return false;
    }
    if (version < 1) {
      this.errors.push(`schemaVersion: ${version} is not a version TiDB Lab ever wrote`);
      return false;
    }
    return true;
  }

  private run(object: Json, path: string): RunResult | undefined {
    const at = (key: string): string => (path === '' ? key : `${path}.${key}`);
    const run: RunResult = {
      kind: 'run',
      schemaVersion: RESULT_SCHEMA_VERSION,
      id: this.text(object, 'id', at('id'), { nonEmpty: true }) ?? '',
      source: this.source(object.source, at('source')) ?? { tool: '', toolVersion: '' },
      workload: this.text(object, 'workload', at('workload')) ?? '',
      options: this.flatRecord(object.options, at('options'), true) ?? {},
      startTime: this.time(object, 'startTime', at('startTime')) ?? '',
      durationSec: this.number(object, 'durationSec', at('durationSec')) ?? 0,
      intervals: this.list(object.intervals, at('intervals'), (item, itemPath) => this.interval(item, itemPath)) ?? [],
      summary: this.summary(object.summary, at('summary')) ?? ({} as ResultSummary),
      status: this.status(object, at('status')) ?? 'failed',
    };
    const name = this.optionalText(object, 'name', at('name'));
    if (name !== undefined) run.name = name;
    const connection = this.optionalText(object, 'connection', at('connection'));
    if (connection !== undefined) run.connection = connection;
    const server = object.server === undefined ? undefined : this.server(object.server, at('server'));
    if (server !== undefined) run.server = server;
    const histogram = object.histogram === undefined ? undefined : this.histogram(object.histogram, at('histogram'));
    if (histogram !== undefined) run.histogram = histogram;
    if (object.latencyHdr !== undefined) {
      const hdr = this.hdr(object.latencyHdr, at('latencyHdr'));
      if (hdr !== undefined) run.latencyHdr = hdr;
    }
    if (object.operationHdr !== undefined) {
      const operations = this.object(object.operationHdr, at('operationHdr'));
      if (operations !== undefined) {
        const read: Record<string, HdrLatencies> = {};
        for (const [name, value] of Object.entries(operations)) {
          const hdr = this.hdr(value, `${at('operationHdr')}.${name}`);
          if (hdr !== undefined) setOwnValue(read, name, hdr);
        }
        run.operationHdr = read;
      }
    }
    if (object.tpcc !== undefined) {
      const tpcc = this.tpcc(object.tpcc, at('tpcc'));
      if (tpcc !== undefined) run.tpcc = tpcc;
    }
    if (object.mergedFrom !== undefined) {
      const sources = this.list(object.mergedFrom, at('mergedFrom'), (item, itemPath) => this.mergedSource(item, itemPath));
      if (sources !== undefined) run.mergedFrom = sources;
    }
    const message = this.optionalText(object, 'message', at('message'));
    if (message !== undefined) run.message = message;
    if (object.labels !== undefined) {
      const labels = this.flatRecord(object.labels, at('labels'), false);
      if (labels !== undefined) run.labels = labels as Record<string, string | number>;
    }
    if (object.client !== undefined) {
      const client = this.client(object.client, at('client'));
      if (client !== undefined) run.client = client;
    }
    if (object.ch !== undefined) {
      const ch = this.ch(object.ch, at('ch'));
      if (ch !== undefined) run.ch = ch;
    }
    return run;
  }

  private experiment(object: Json): ExperimentResult | undefined {
    const experiment: ExperimentResult = {
      kind: 'experiment',
      schemaVersion: RESULT_SCHEMA_VERSION,
      id: this.text(object, 'id', 'id', { nonEmpty: true }) ?? '',
      name: this.text(object, 'name', 'name') ?? '',
      source: this.source(object.source, 'source') ?? { tool: '', toolVersion: '' },
      startTime: this.time(object, 'startTime', 'startTime') ?? '',
      durationSec: this.number(object, 'durationSec', 'durationSec') ?? 0,
      definition: this.definition(object.definition),
      variants:
        this.list(object.variants, 'variants', (item, itemPath) =>
          typeof item === 'string' ? item : this.fail(itemPath, 'a string', item),
        ) ?? [],
      cells: this.list(object.cells, 'cells', (item, itemPath) => this.cell(item, itemPath)) ?? [],
      status: this.status(object, 'status') ?? 'failed',
    };
    const server = object.server === undefined ? undefined : this.server(object.server, 'server');
    if (server !== undefined) experiment.server = server;
    const connection = this.optionalText(object, 'connection', 'connection');
    if (connection !== undefined) experiment.connection = connection;
    const message = this.optionalText(object, 'message', 'message');
    if (message !== undefined) experiment.message = message;
    if (object.skipped !== undefined) {
      experiment.skipped = this.list(object.skipped, 'skipped', (item, itemPath) => this.skippedVariant(item, itemPath)) ?? [];
    }
    for (const [index, cell] of experiment.cells.entries()) {
      if (!experiment.variants.includes(cell.variant))
        this.warnings.push(`cells[${index}].variant '${cell.variant}' is not one of the experiment's variants`);
    }
    return experiment;
  }

  private skippedVariant(value: unknown, path: string): SkippedVariant | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const skipped: SkippedVariant = {
      variant: this.text(object, 'variant', `${path}.variant`) ?? '',
      reason: this.text(object, 'reason', `${path}.reason`) ?? '',
      cells: this.number(object, 'cells', `${path}.cells`) ?? 0,
    };
    if (object.tableSize !== undefined) skipped.tableSize = this.number(object, 'tableSize', `${path}.tableSize`);
    return skipped;
  }

  private cell(value: unknown, path: string): ExperimentCell | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const runObject = this.object(object.run, `${path}.run`);
    const cell: ExperimentCell = {
      workload: this.text(object, 'workload', `${path}.workload`) ?? '',
      threads: this.number(object, 'threads', `${path}.threads`) ?? 0,
      variant: this.text(object, 'variant', `${path}.variant`) ?? '',
      run: (runObject && this.run(runObject, `${path}.run`)) as RunResult,
    };
    if (object.tableSize !== undefined) cell.tableSize = this.number(object, 'tableSize', `${path}.tableSize`);
    if (object.params !== undefined) cell.params = this.flatRecord(object.params, `${path}.params`, true);
    if (object.cacheHit !== undefined) {
      const hit = this.object(object.cacheHit, `${path}.cacheHit`);
      if (hit !== undefined) {
        const servedFromCache =
          typeof hit.servedFromCache === 'boolean'
            ? hit.servedFromCache
            : this.fail(`${path}.cacheHit.servedFromCache`, 'true or false', hit.servedFromCache);
        if (servedFromCache !== undefined)
          cell.cacheHit = { servedFromCache, detail: this.text(hit, 'detail', `${path}.cacheHit.detail`) ?? '' };
      }
    }
    return cell;
  }

  private source(value: unknown, path: string): ResultSource | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const source: ResultSource = {
      tool: this.text(object, 'tool', `${path}.tool`, { nonEmpty: true }) ?? '',
      toolVersion: this.text(object, 'toolVersion', `${path}.toolVersion`) ?? '',
    };
    const importedFrom = this.optionalText(object, 'importedFrom', `${path}.importedFrom`);
    if (importedFrom !== undefined) source.importedFrom = importedFrom;
    const engine = this.optionalText(object, 'engine', `${path}.engine`);
    if (engine === 'builtin' || engine === 'sysbench' || engine === 'go-tpc') source.engine = engine;
    const engineVersion = this.optionalText(object, 'engineVersion', `${path}.engineVersion`);
    if (engineVersion !== undefined) source.engineVersion = engineVersion;
    const engineNote = this.optionalText(object, 'engineNote', `${path}.engineNote`);
    if (engineNote !== undefined) source.engineNote = engineNote;
    return source;
  }

  private server(value: unknown, path: string): ServerInfo | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const flavor = object.flavor;
    const server: ServerInfo = {
      flavor: SERVER_FLAVORS.includes(flavor as ServerInfo['flavor'])
        ? (flavor as ServerInfo['flavor'])
        : (this.fail(`${path}.flavor`, `one of ${SERVER_FLAVORS.join(', ')}`, flavor) ?? 'unknown'),
      version: this.text(object, 'version', `${path}.version`) ?? '',
    };
    const versionString = this.optionalText(object, 'versionString', `${path}.versionString`);
    if (versionString !== undefined) server.versionString = versionString;
    const host = this.optionalText(object, 'host', `${path}.host`);
    if (host !== undefined) server.host = host;
    if (object.port !== undefined) server.port = this.number(object, 'port', `${path}.port`);
    if (object.activity !== undefined) {
      const activity = this.serverActivity(object.activity, `${path}.activity`);
      if (activity !== undefined) server.activity = activity;
    }
    if (object.regions !== undefined) {
      const regions = readServerRegions(object.regions, `${path}.regions`, {
        fail: (failedPath, expected, got) => this.fail(failedPath, expected, got),
        text: (text, textPath) => this.withoutSecrets(text, textPath),
      });
      if (regions !== undefined) server.regions = regions;
    }
    return server;
  }

  private serverActivity(value: unknown, path: string): ServerActivity | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const texts = (list: unknown, listPath: string): string[] =>
      this.list(list, listPath, (item, itemPath) =>
        typeof item === 'string' ? this.withoutSecrets(item, itemPath) : this.fail(itemPath, 'a string', item),
      ) ?? [];
    const activity: ServerActivity = {
      source: this.text(object, 'source', `${path}.source`) ?? '',
      statements: this.list(object.statements, `${path}.statements`, (item, itemPath) => this.serverStatement(item, itemPath, texts)) ?? [],
      warnings: texts(object.warnings, `${path}.warnings`),
    };
    if (object.missingGrant !== undefined) {
      const grantPath = `${path}.missingGrant`;
      const grant = this.object(object.missingGrant, grantPath);
      if (grant !== undefined) {
        activity.missingGrant = {
          account: this.text(grant, 'account', `${grantPath}.account`) ?? '',
          privilege: this.text(grant, 'privilege', `${grantPath}.privilege`) ?? '',
          grant: this.text(grant, 'grant', `${grantPath}.grant`) ?? '',
        };
      }
    }
    return activity;
  }

  private serverStatement(value: unknown, path: string, texts: (list: unknown, listPath: string) => string[]): ServerStatement | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const statement: ServerStatement = {
      digest: this.text(object, 'digest', `${path}.digest`) ?? '',
      text: this.text(object, 'text', `${path}.text`) ?? '',
      execCount: this.number(object, 'execCount', `${path}.execCount`) ?? 0,
      sumLatencyMs: this.number(object, 'sumLatencyMs', `${path}.sumLatencyMs`) ?? 0,
      avgLatencyMs: this.number(object, 'avgLatencyMs', `${path}.avgLatencyMs`) ?? 0,
      maxLatencyMs: this.number(object, 'maxLatencyMs', `${path}.maxLatencyMs`) ?? 0,
      planDigests: texts(object.planDigests, `${path}.planDigests`),
      engines: texts(object.engines, `${path}.engines`),
    };
    const schema = this.optionalText(object, 'schema', `${path}.schema`);
    if (schema !== undefined) statement.schema = schema;
    const plan = this.optionalText(object, 'plan', `${path}.plan`);
    if (plan !== undefined) statement.plan = plan;
    if (object.planChanged !== undefined) {
      if (typeof object.planChanged === 'boolean') statement.planChanged = object.planChanged;
      else this.fail(`${path}.planChanged`, 'true or false', object.planChanged);
    }
    if (object.copTasks !== undefined) statement.copTasks = this.number(object, 'copTasks', `${path}.copTasks`);
    if (object.avgProcessedKeys !== undefined)
      statement.avgProcessedKeys = this.number(object, 'avgProcessedKeys', `${path}.avgProcessedKeys`);
    if (object.counted !== undefined) {
      if (object.counted === 'digest' || object.counted === 'prepared') statement.counted = object.counted;
      else this.fail(`${path}.counted`, "'digest' or 'prepared'", object.counted);
    }
    if (object.plans !== undefined) {
      statement.plans = this.list(object.plans, `${path}.plans`, (item, itemPath) => {
        const planObject = this.object(item, itemPath);
        if (planObject === undefined) return undefined;
        const entry: ServerStatementPlan = {
          planDigest: this.text(planObject, 'planDigest', `${itemPath}.planDigest`) ?? '',
          execCount: this.number(planObject, 'execCount', `${itemPath}.execCount`) ?? 0,
          engines: texts(planObject.engines, `${itemPath}.engines`),
        };
        const planText = this.optionalText(planObject, 'plan', `${itemPath}.plan`);
        if (planText !== undefined) entry.plan = planText;
        const firstSeen = this.optionalText(planObject, 'firstSeen', `${itemPath}.firstSeen`);
        if (firstSeen !== undefined) entry.firstSeen = firstSeen;
        return entry;
      });
    }
    return statement;
  }

  private interval(value: unknown, path: string): ResultInterval | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const interval = {
      t: this.number(object, 't', `${path}.t`) ?? 0,
      threads: this.number(object, 'threads', `${path}.threads`) ?? 0,
    } as ResultInterval;
    for (const key of INTERVAL_RATES) interval[key] = this.number(object, key, `${path}.${key}`) ?? 0;
    const latency = this.object(object.latencyMs, `${path}.latencyMs`);
    const latencyMs: IntervalLatencyMs = { p95: null };
    if (latency !== undefined) {
      for (const key of LATENCY_KEYS) {
        if (latency[key] !== undefined) latencyMs[key] = this.nullableNumber(latency, key, `${path}.latencyMs.${key}`);
      }
    }
    interval.latencyMs = latencyMs;
    if (object.client !== undefined) {
      const client = this.client(object.client, `${path}.client`);
      if (client !== undefined) interval.client = client;
    }
    if (object.operations !== undefined) {
      const operations = this.rates(object.operations, `${path}.operations`);
      if (operations !== undefined) interval.operations = operations;
    }
    return interval;
  }

  /** { "new_order": 12.5 }: operation names to rates of 0 or more. */
  private rates(value: unknown, path: string): Record<string, number> | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const rates: Record<string, number> = {};
    for (const [name, rate] of Object.entries(object)) {
      if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0) this.fail(`${path}.${name}`, 'a rate of 0 or more', rate);
      else rates[name] = rate;
    }
    return rates;
  }

  private client(value: unknown, path: string): ClientLoad | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const bound = object.bound;
    if (typeof bound !== 'boolean') return this.fail(`${path}.bound`, 'true or false', bound);
    const share = (key: 'cpuUtilization' | 'eventLoopUtilization' | 'runnableShare' | 'waitShare'): number => {
      const number = this.number(object, key, `${path}.${key}`) ?? 0;
      return number > 1 ? (this.fail(`${path}.${key}`, 'a share from 0 to 1', number) ?? 0) : number;
    };
    const client: ClientLoad = {
      cpuUtilization: share('cpuUtilization'),
      cores: this.number(object, 'cores', `${path}.cores`) ?? 0,
      bound,
    };
    // absent (or null) where no worker's loop was sampled
    if (object.eventLoopUtilization !== undefined && object.eventLoopUtilization !== null)
      client.eventLoopUtilization = share('eventLoopUtilization');
    // absent (or null) where no event-loop delay was sampled
    if (object.eventLoopDelayP99Ms !== undefined && object.eventLoopDelayP99Ms !== null) {
      const delay = this.number(object, 'eventLoopDelayP99Ms', `${path}.eventLoopDelayP99Ms`);
      if (delay !== undefined) client.eventLoopDelayP99Ms = delay;
    }
    if (object.runnableShare !== undefined) client.runnableShare = share('runnableShare');
    // absent in results written before it was measured, and off Linux
    if (object.waitShare !== undefined && object.waitShare !== null) client.waitShare = share('waitShare');
    return client;
  }

  private ch(value: unknown, path: string): ChSummary | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const queries: Record<string, ChQueryNumbers> = {};
    for (const [name, item] of Object.entries(this.object(object.queries, `${path}.queries`) ?? {})) {
      const at = `${path}.queries.${name}`;
      const numbers = this.object(item, at);
      if (numbers === undefined) continue;
      const latency = this.object(numbers.latencyMs, `${at}.latencyMs`) ?? {};
      setOwnValue(queries, name, {
        count: this.number(numbers, 'count', `${at}.count`) ?? 0,
        errors: this.number(numbers, 'errors', `${at}.errors`) ?? 0,
        sumMs: this.number(numbers, 'sumMs', `${at}.sumMs`) ?? 0,
        latencyMs: Object.fromEntries(
          LATENCY_KEYS.map((key) => [key, latency[key] === undefined ? null : this.nullableNumber(latency, key, `${at}.latencyMs.${key}`)]),
        ) as unknown as LatencySummaryMs,
      });
    }
    return {
      acThreads: this.number(object, 'acThreads', `${path}.acThreads`) ?? 0,
      qphH: object.qphH === null || object.qphH === undefined ? null : this.nullableNumber(object, 'qphH', `${path}.qphH`),
      queries,
    };
  }

  private summary(value: unknown, path: string): ResultSummary | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const summary = {} as ResultSummary;
    for (const key of SUMMARY_NUMBERS) summary[key] = this.number(object, key, `${path}.${key}`) ?? 0;
    const latency = this.object(object.latencyMs, `${path}.latencyMs`) ?? {};
    summary.latencyMs = Object.fromEntries(
      LATENCY_KEYS.map((key) => [key, latency[key] === undefined ? null : this.nullableNumber(latency, key, `${path}.latencyMs.${key}`)]),
    ) as unknown as LatencySummaryMs;
    if (object.rowsPerSec !== undefined) summary.rowsPerSec = this.number(object, 'rowsPerSec', `${path}.rowsPerSec`);
    if (object.mbPerSec !== undefined) summary.mbPerSec = this.number(object, 'mbPerSec', `${path}.mbPerSec`);
    if (object.errorCodes !== undefined) summary.errorCodes = this.errorCodes(object.errorCodes, `${path}.errorCodes`);
    return summary;
  }

  private latencySummary(value: unknown, path: string): LatencySummaryMs {
    const latency = this.object(value, path) ?? {};
    return Object.fromEntries(
      LATENCY_KEYS.map((key) => [key, latency[key] === undefined ? null : this.nullableNumber(latency, key, `${path}.${key}`)]),
    ) as unknown as LatencySummaryMs;
  }

  private tpcc(value: unknown, path: string): TpccSummary | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const transactions: Record<string, TpccTransactionNumbers> = {};
    for (const [name, item] of Object.entries(this.object(object.transactions, `${path}.transactions`) ?? {})) {
      const at = `${path}.transactions.${name}`;
      const numbers = this.object(item, at);
      if (numbers === undefined) continue;
      setOwnValue(transactions, name, {
        count: this.number(numbers, 'count', `${at}.count`) ?? 0,
        errors: this.number(numbers, 'errors', `${at}.errors`) ?? 0,
        rollbacks: this.number(numbers, 'rollbacks', `${at}.rollbacks`) ?? 0,
        tpm: this.number(numbers, 'tpm', `${at}.tpm`) ?? 0,
        latencyMs: this.latencySummary(numbers.latencyMs, `${at}.latencyMs`),
      });
    }
    return {
      warehouses: this.number(object, 'warehouses', `${path}.warehouses`) ?? 0,
      tpmC: this.number(object, 'tpmC', `${path}.tpmC`) ?? 0,
      tpmTotal: this.number(object, 'tpmTotal', `${path}.tpmTotal`) ?? 0,
      efficiency: this.number(object, 'efficiency', `${path}.efficiency`) ?? 0,
      transactions,
    };
  }

  /** { "1213": 10 }: error codes (digits) to counts of 0 or more. */
  private errorCodes(value: unknown, path: string): Record<string, number> | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const codes: Record<string, number> = {};
    for (const [code, count] of Object.entries(object)) {
      if (!/^\d{1,6}$/.test(code)) this.fail(`${path}.${code}`, 'an error code', code);
      else if (typeof count !== 'number' || !Number.isInteger(count) || count < 0)
        this.fail(`${path}.${code}`, 'a count of 0 or more', count);
      else codes[code] = count;
    }
    return codes;
  }

  private histogram(value: unknown, path: string): LatencyHistogram | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const numbers = (key: string): number[] =>
      this.list(object[key], `${path}.${key}`, (item, itemPath) =>
        typeof item === 'number' && Number.isFinite(item) && item >= 0 ? item : this.fail(itemPath, 'a number of 0 or more', item),
      ) ?? [];
    const histogram = { bucketsMs: numbers('bucketsMs'), counts: numbers('counts') };
    if (histogram.bucketsMs.length !== histogram.counts.length) {
      this.errors.push(`${path}: ${histogram.bucketsMs.length} buckets but ${histogram.counts.length} counts`);
      return undefined;
    }
    return histogram;
  }

  private hdr(value: unknown, path: string): HdrLatencies | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const histogram = this.text(object, 'histogram', `${path}.histogram`);
    if (histogram !== undefined && !/^[A-Za-z0-9+/=]*$/.test(histogram)) return this.fail(`${path}.histogram`, 'base64 text', histogram);
    const numbers = (['count', 'sumMs', 'minMs', 'maxMs'] as const).map((key) => this.number(object, key, `${path}.${key}`));
    if (histogram === undefined || numbers.some((number) => number === undefined)) return undefined;
    const [count, sumMs, minMs, maxMs] = numbers as number[];
    return { histogram, count, sumMs, minMs, maxMs };
  }

  private mergedSource(value: unknown, path: string): MergedSource | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const source: MergedSource = {
      id: this.text(object, 'id', `${path}.id`) ?? '',
      startTime: this.time(object, 'startTime', `${path}.startTime`) ?? '',
      durationSec: this.number(object, 'durationSec', `${path}.durationSec`) ?? 0,
      events: this.number(object, 'events', `${path}.events`) ?? 0,
      qps: this.number(object, 'qps', `${path}.qps`) ?? 0,
      status: this.status(object, `${path}.status`) ?? 'failed',
    };
    const file = this.optionalText(object, 'file', `${path}.file`);
    if (file !== undefined) source.file = file;
    if (typeof object.clientBound === 'boolean') source.clientBound = object.clientBound;
    return source;
  }

  private status(object: Json, path: string): RunStatus | undefined {
    const status = object.status;
    return RUN_STATUSES.includes(status as RunStatus)
      ? (status as RunStatus)
      : this.fail(path, `one of ${RUN_STATUSES.join(', ')}`, status);
  }

  private definition(value: unknown): unknown {
    const redacted = redactSecrets(value);
    if (JSON.stringify(redacted) !== JSON.stringify(value)) this.warnings.push('definition: password-like entries were removed');
    return redacted;
  }

  /** A record of plain values (options, labels, params); password-like keys are dropped. */
  private flatRecord(value: unknown, path: string, allowBoolean: boolean): Record<string, string | number | boolean> | undefined {
    const object = this.object(value, path);
    if (object === undefined) return undefined;
    const record: Record<string, string | number | boolean> = {};
    for (const [key, entry] of Object.entries(object)) {
      if (isSecretKey(key)) {
        this.warnings.push(`${path}.${key}: a password-like entry was removed`);
      } else if (typeof entry === 'string') {
        setOwnValue(record, key, this.withoutSecrets(entry, `${path}.${key}`));
      } else if ((typeof entry === 'number' && Number.isFinite(entry)) || (allowBoolean && typeof entry === 'boolean')) {
        setOwnValue(record, key, entry);
      } else {
        this.fail(`${path}.${key}`, allowBoolean ? 'a string, number or boolean' : 'a string or number', entry);
      }
    }
    return record;
  }

  private list<T>(value: unknown, path: string, readItem: (item: unknown, itemPath: string) => T | undefined): T[] | undefined {
    if (!Array.isArray(value)) return this.fail(path, 'a list', value);
    const items: T[] = [];
    value.forEach((item, index) => {
      const read = readItem(item, `${path}[${index}]`);
      if (read !== undefined) items.push(read);
    });
    return items;
  }

  private object(value: unknown, path: string): Json | undefined {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return this.fail(path, 'an object', value);
    return value as Json;
  }

  private text(object: Json, key: string, path: string, options: { nonEmpty?: boolean } = {}): string | undefined {
    const value = object[key];
    if (typeof value !== 'string') return this.fail(path, 'a string', value);
    if (options.nonEmpty && value.trim() === '') return this.fail(path, 'a non-empty string', value);
    return this.withoutSecrets(value, path);
  }

  private withoutSecrets(value: string, path: string): string {
    const redacted = redactSecretText(value);
    if (redacted !== value) this.warnings.push(`${path}: a password written in the text was blanked`);
    return redacted;
  }

  private optionalText(object: Json, key: string, path: string): string | undefined {
    return object[key] === undefined ? undefined : this.text(object, key, path);
  }

  private time(object: Json, key: string, path: string): string | undefined {
    const value = this.text(object, key, path);
    if (value !== undefined && Number.isNaN(Date.parse(value))) return this.fail(path, 'an ISO 8601 date and time', value);
    return value;
  }

  private number(object: Json, key: string, path: string): number | undefined {
    const value = object[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return this.fail(path, 'a number of 0 or more', value);
    return value;
  }

  private nullableNumber(object: Json, key: string, path: string): number | null {
    return object[key] === null ? null : (this.number(object, key, path) ?? null);
  }

  private fail(path: string, expected: string, got: unknown): undefined {
    this.errors.push(`${path}: expected ${expected}, got ${describe(got)}`);
    return undefined;
  }
}

/** Results are stored at RESULT_SCHEMA_VERSION; each later version adds its upgrade step here. */
function upgradeToCurrent(object: Json): Json {
  return object;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return value.length > 40 ? `a string ('${value.slice(0, 37)}...')` : `'${value}'`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
