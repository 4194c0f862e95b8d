// Reads a stored result's server.regions without trusting its shape (resultValidation.ts calls
// it): every field checked and copied; problems named by their path; text passes through the
// reader's secret redaction like every other text of a result.
import {
  REGION_FINDING_KINDS,
  type HotRegion,
  type RegionFinding,
  type ServerRegions,
  type TableKeyInfo,
  type TableRegionSnapshot,
  type TableRegions,
} from './serverRegions';

type Json = Record<string, unknown>;

export interface RegionsReaderTools {
  fail(path: string, expected: string, got: unknown): undefined;
  /** a text with any password blanked */
  text(value: string, path: string): string;
}

const KEY_KINDS: readonly TableKeyInfo['kind'][] = ['clustered-int', 'row-id', 'clustered-other'];

export function readServerRegions(value: unknown, path: string, tools: RegionsReaderTools): ServerRegions | undefined {
  const object = asObject(value, path, tools);
  if (object === undefined) return undefined;
  if (object.source !== 'tidb' && object.source !== 'not-tidb') return tools.fail(`${path}.source`, "'tidb' or 'not-tidb'", object.source);
  const regions: ServerRegions = {
    source: object.source,
    tables: list(object.tables, `${path}.tables`, tools, (item, itemPath) => tableRegions(item, itemPath, tools)),
    hotRegions: list(object.hotRegions, `${path}.hotRegions`, tools, (item, itemPath) => hotRegion(item, itemPath, tools)),
    findings: list(object.findings, `${path}.findings`, tools, (item, itemPath) => finding(item, itemPath, tools)),
    warnings: texts(object.warnings ?? [], `${path}.warnings`, tools),
  };
  const note = optionalText(object, 'note', path, tools);
  if (note !== undefined) regions.note = note;
  const source = optionalText(object, 'hotRegionsSource', path, tools);
  if (source !== undefined) regions.hotRegionsSource = source;
  if (object.storeCount !== undefined) regions.storeCount = num(object, 'storeCount', path, tools);
  return regions;
}

function asObject(value: unknown, path: string, tools: RegionsReaderTools): Json | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return tools.fail(path, 'an object', value);
  return value as Json;
}

function list<T>(value: unknown, path: string, tools: RegionsReaderTools, read: (item: unknown, path: string) => T | undefined): T[] {
  if (!Array.isArray(value)) return tools.fail(path, 'a list', value) ?? [];
  return value.flatMap((item, index) => {
    const read1 = read(item, `${path}[${index}]`);
    return read1 === undefined ? [] : [read1];
  });
}

function texts(value: unknown, path: string, tools: RegionsReaderTools): string[] {
  return list(value, path, tools, (item, itemPath) =>
    typeof item === 'string' ? tools.text(item, itemPath) : tools.fail(itemPath, 'a string', item),
  );
}

function text(object: Json, key: string, path: string, tools: RegionsReaderTools): string {
  const value = object[key];
  if (typeof value !== 'string') return tools.fail(`${path}.${key}`, 'a string', value) ?? '';
  return tools.text(value, `${path}.${key}`);
}

function optionalText(object: Json, key: string, path: string, tools: RegionsReaderTools): string | undefined {
  return object[key] === undefined ? undefined : text(object, key, path, tools);
}

function num(object: Json, key: string, path: string, tools: RegionsReaderTools): number {
  const value = object[key];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    return tools.fail(`${path}.${key}`, 'a number of 0 or more', value) ?? 0;
  return value;
}

function counts(value: unknown, path: string, tools: RegionsReaderTools): Record<string, number> {
  const object = asObject(value, path, tools) ?? {};
  const out: Record<string, number> = {};
  for (const key of Object.keys(object)) if (/^\d+$/.test(key)) out[key] = num(object, key, path, tools);
  return out;
}

function snapshot(value: unknown, path: string, tools: RegionsReaderTools): TableRegionSnapshot | undefined {
  const object = asObject(value, path, tools);
  if (object === undefined) return undefined;
  const read: TableRegionSnapshot = {
    regions: num(object, 'regions', path, tools),
    leadersByStore: counts(object.leadersByStore, `${path}.leadersByStore`, tools),
    writtenBytes: num(object, 'writtenBytes', path, tools),
    writtenBytesByStore: counts(object.writtenBytesByStore, `${path}.writtenBytesByStore`, tools),
  };
  if (object.busiestRegion !== undefined) {
    const busiest = asObject(object.busiestRegion, `${path}.busiestRegion`, tools);
    if (busiest !== undefined)
      read.busiestRegion = {
        regionId: num(busiest, 'regionId', `${path}.busiestRegion`, tools),
        writtenBytes: num(busiest, 'writtenBytes', `${path}.busiestRegion`, tools),
        share: num(busiest, 'share', `${path}.busiestRegion`, tools),
        isLast: busiest.isLast === true,
        leaderStoreId: num(busiest, 'leaderStoreId', `${path}.busiestRegion`, tools),
      };
  }
  return read;
}

function tableRegions(value: unknown, path: string, tools: RegionsReaderTools): TableRegions | undefined {
  const object = asObject(value, path, tools);
  if (object === undefined) return undefined;
  const read: TableRegions = { table: text(object, 'table', path, tools) };
  if (object.before !== undefined) read.before = snapshot(object.before, `${path}.before`, tools);
  if (object.after !== undefined) read.after = snapshot(object.after, `${path}.after`, tools);
  if (object.key !== undefined) {
    const key = asObject(object.key, `${path}.key`, tools);
    if (key !== undefined) {
      if (!KEY_KINDS.includes(key.kind as TableKeyInfo['kind'])) tools.fail(`${path}.key.kind`, KEY_KINDS.join(' or '), key.kind);
      else
        read.key = {
          kind: key.kind as TableKeyInfo['kind'],
          autoIncrement: key.autoIncrement === true,
          autoRandom: key.autoRandom === true,
          shardRowIdBits: num(key, 'shardRowIdBits', `${path}.key`, tools),
          ...(typeof key.column === 'string' ? { column: tools.text(key.column, `${path}.key.column`) } : {}),
          ...(typeof key.columnType === 'string' ? { columnType: tools.text(key.columnType, `${path}.key.columnType`) } : {}),
        };
    }
  }
  return read;
}

function hotRegion(value: unknown, path: string, tools: RegionsReaderTools): HotRegion | undefined {
  const object = asObject(value, path, tools);
  if (object === undefined) return undefined;
  if (object.type !== 'read' && object.type !== 'write') return tools.fail(`${path}.type`, "'read' or 'write'", object.type);
  const read: HotRegion = {
    table: text(object, 'table', path, tools),
    regionId: num(object, 'regionId', path, tools),
    type: object.type,
    maxHotDegree: num(object, 'maxHotDegree', path, tools),
    flowBytes: num(object, 'flowBytes', path, tools),
  };
  const index = optionalText(object, 'index', path, tools);
  if (index !== undefined) read.index = index;
  if (object.storeId !== undefined) read.storeId = num(object, 'storeId', path, tools);
  return read;
}

function finding(value: unknown, path: string, tools: RegionsReaderTools): RegionFinding | undefined {
  const object = asObject(value, path, tools);
  if (object === undefined) return undefined;
  if (!REGION_FINDING_KINDS.includes(object.kind as RegionFinding['kind']))
    return tools.fail(`${path}.kind`, REGION_FINDING_KINDS.join(' or '), object.kind);
  return {
    kind: object.kind as RegionFinding['kind'],
    table: text(object, 'table', path, tools),
    message: text(object, 'message', path, tools),
    advice: text(object, 'advice', path, tools),
    statements: texts(object.statements, `${path}.statements`, tools),
  };
}
