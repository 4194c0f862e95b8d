// MySQL wire-protocol payloads for the TiDB stand-in (test code, never shipped).
// mysql2's server API frames and sends packets, but its writeError has no SQLSTATE ('#_____'),
// its row writers cannot carry binary data, and it has no binary-protocol result writer;
// these payload builders fill those gaps.

import { escape } from 'mysql2';

export const ColumnType = {
  DECIMAL: 0x00,
  TINY: 0x01,
  SHORT: 0x02,
  LONG: 0x03,
  FLOAT: 0x04,
  DOUBLE: 0x05,
  NULL: 0x06,
  TIMESTAMP: 0x07,
  LONGLONG: 0x08,
  INT24: 0x09,
  DATE: 0x0a,
  TIME: 0x0b,
  DATETIME: 0x0c,
  YEAR: 0x0d,
  VARCHAR: 0x0f,
  VAR_STRING: 0xfd,
  STRING: 0xfe,
} as const;

const UNSIGNED_FLAG = 0x20;
/** TINY_BLOB .. BLOB: parameters sent as bytes */
const BLOB_TYPES = { first: 0xf9, last: 0xfc } as const;
const BINARY_CHARSET = 63;
const UTF8MB4_GENERAL_CI = 45;

export const ServerStatus = {
  inTransaction: 0x0001,
  autocommit: 0x0002,
  moreResultsExist: 0x0008,
} as const;

export interface ColumnDefinition {
  schema: string;
  table: string;
  orgTable: string;
  name: string;
  orgName: string;
  characterSet: number;
  columnLength: number;
  columnType: number;
  flags: number;
  decimals: number;
}

/** A cell as text-protocol bytes; null is SQL NULL. */
export type Cell = Buffer | null;

export function synthesizedColumn(name: string, kind: 'text' | 'bigint' | 'tinyint' | 'double' = 'text'): ColumnDefinition {
  const numeric = kind !== 'text';
  const type = { text: ColumnType.VAR_STRING, bigint: ColumnType.LONGLONG, tinyint: ColumnType.TINY, double: ColumnType.DOUBLE }[kind];
  return {
    schema: '',
    table: '',
    orgTable: '',
    name,
    orgName: name,
    characterSet: numeric ? BINARY_CHARSET : UTF8MB4_GENERAL_CI,
    columnLength: numeric ? 21 : 1024 * 1024,
    columnType: type,
    flags: 0,
    decimals: kind === 'double' ? 31 : 0,
  };
}

export function textCell(value: string | number | null): Cell {
  return value === null ? null : Buffer.from(String(value), 'utf8');
}

class PayloadWriter {
  private readonly parts: Buffer[] = [];

  byte(value: number): this {
    this.parts.push(Buffer.from([value & 0xff]));
    return this;
  }

  uint16(value: number): this {
    const buffer = Buffer.alloc(2);
    buffer.writeUInt16LE(value);
    this.parts.push(buffer);
    return this;
  }

  uint32(value: number): this {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value >>> 0);
    this.parts.push(buffer);
    return this;
  }

  lengthEncodedInteger(value: number): this {
    if (value < 251) return this.byte(value);
    if (value < 0x10000) return this.byte(0xfc).uint16(value);
    if (value < 0x1000000) {
      const buffer = Buffer.alloc(4);
      buffer.writeUInt32LE(value);
      this.parts.push(Buffer.from([0xfd]), buffer.subarray(0, 3));
      return this;
    }
    const buffer = Buffer.alloc(9);
    buffer[0] = 0xfe;
    buffer.writeBigUInt64LE(BigInt(value), 1);
    this.parts.push(buffer);
    return this;
  }

  lengthEncodedBytes(value: Buffer | string): this {
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
    this.lengthEncodedInteger(bytes.length);
    this.parts.push(bytes);
    return this;
  }

  raw(value: Buffer | string): this {
    this.parts.push(typeof value === 'string' ? Buffer.from(value, 'utf8') : value);
    return this;
  }

  build(): Buffer {
    return Buffer.concat(this.parts);
  }
}

export interface OkFields {
  affectedRows?: number;
  insertId?: number;
  serverStatus?: number;
  warningCount?: number;
  info?: string;
}

export function okPayload(fields: OkFields = {}): Buffer {
  const writer = new PayloadWriter()
    .byte(0x00)
    .lengthEncodedInteger(fields.affectedRows ?? 0)
    .lengthEncodedInteger(fields.insertId ?? 0)
    .uint16(fields.serverStatus ?? ServerStatus.autocommit)
    .uint16(fields.warningCount ?? 0);
  // Real servers send the info text length-encoded whatever the capabilities (libmariadb relies on it).
  if (fields.info) writer.lengthEncodedBytes(fields.info);
  return writer.build();
}

export function errorPayload(errno: number, sqlState: string, message: string): Buffer {
  return new PayloadWriter().byte(0xff).uint16(errno).raw('#').raw(sqlState.padEnd(5, '0').slice(0, 5)).raw(message).build();
}

export function eofPayload(serverStatus: number, warningCount = 0): Buffer {
  return new PayloadWriter().byte(0xfe).uint16(warningCount).uint16(serverStatus).build();
}

export function columnCountPayload(count: number): Buffer {
  return new PayloadWriter().lengthEncodedInteger(count).build();
}

export function columnDefinitionPayload(column: ColumnDefinition): Buffer {
  return new PayloadWriter()
    .lengthEncodedBytes('def')
    .lengthEncodedBytes(column.schema)
    .lengthEncodedBytes(column.table)
    .lengthEncodedBytes(column.orgTable)
    .lengthEncodedBytes(column.name)
    .lengthEncodedBytes(column.orgName)
    .byte(0x0c)
    .uint16(column.characterSet)
    .uint32(column.columnLength)
    .byte(column.columnType)
    .uint16(column.flags)
    .byte(column.decimals)
    .uint16(0)
    .build();
}

export function textRowPayload(cells: readonly Cell[]): Buffer {
  const writer = new PayloadWriter();
  for (const cell of cells) {
    if (cell === null) writer.byte(0xfb);
    else writer.lengthEncodedBytes(cell);
  }
  return writer.build();
}

/** A binary-protocol row (COM_STMT_EXECUTE results), encoded from the text form of each cell. */
export function binaryRowPayload(cells: readonly Cell[], columns: readonly ColumnDefinition[]): Buffer {
  // The NULL bitmap of a binary row starts at bit 2.
  const bitmap = Buffer.alloc(Math.floor((cells.length + 7 + 2) / 8));
  const writer = new PayloadWriter().byte(0x00);
  const values = new PayloadWriter();
  cells.forEach((cell, index) => {
    if (cell === null) {
      const bit = index + 2;
      bitmap[bit >> 3] |= 1 << (bit & 7);
    } else {
      values.raw(binaryValue(cell, columns[index]));
    }
  });
  return writer.raw(bitmap).raw(values.build()).build();
}

function binaryValue(text: Buffer, column: ColumnDefinition): Buffer {
  const unsigned = (column.flags & UNSIGNED_FLAG) !== 0;
  const value = text.toString('latin1');
  switch (column.columnType) {
    case ColumnType.TINY: {
      const buffer = Buffer.alloc(1);
      if (unsigned) buffer.writeUInt8(Number(value));
      else buffer.writeInt8(Number(value));
      return buffer;
    }
    case ColumnType.SHORT:
    case ColumnType.YEAR: {
      const buffer = Buffer.alloc(2);
      if (unsigned || column.columnType === ColumnType.YEAR) buffer.writeUInt16LE(Number(value));
      else buffer.writeInt16LE(Number(value));
      return buffer;
    }
    case ColumnType.LONG:
    case ColumnType.INT24: {
      const buffer = Buffer.alloc(4);
      if (unsigned) buffer.writeUInt32LE(Number(value));
      else buffer.writeInt32LE(Number(value));
      return buffer;
    }
    case ColumnType.LONGLONG: {
      const buffer = Buffer.alloc(8);
      if (unsigned) buffer.writeBigUInt64LE(BigInt(value));
      else buffer.writeBigInt64LE(BigInt(value));
      return buffer;
    }
    case ColumnType.FLOAT: {
      const buffer = Buffer.alloc(4);
      buffer.writeFloatLE(Number(value));
      return buffer;
    }
    case ColumnType.DOUBLE: {
      const buffer = Buffer.alloc(8);
      buffer.writeDoubleLE(Number(value));
      return buffer;
    }
    case ColumnType.DATE:
    case ColumnType.DATETIME:
    case ColumnType.TIMESTAMP:
      return binaryDateTime(value);
    case ColumnType.TIME:
      return binaryTime(value);
    default:
      return new PayloadWriter().lengthEncodedBytes(text).build();
  }
}

function binaryDateTime(value: string): Buffer {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?)?$/.exec(value);
  if (!match) return Buffer.from([0]);
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction] = match;
  const buffer = Buffer.alloc(12);
  buffer.writeUInt16LE(Number(year), 1);
  buffer[3] = Number(month);
  buffer[4] = Number(day);
  buffer[5] = Number(hour);
  buffer[6] = Number(minute);
  buffer[7] = Number(second);
  const micros = fraction ? Number(fraction.padEnd(6, '0')) : 0;
  buffer.writeUInt32LE(micros, 8);
  const length = micros > 0 ? 11 : Number(hour) + Number(minute) + Number(second) > 0 ? 7 : 4;
  buffer[0] = length;
  return buffer.subarray(0, length + 1);
}

function binaryTime(value: string): Buffer {
  const match = /^(-)?(\d+):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/.exec(value);
  if (!match) return Buffer.from([0]);
  const [, negative, hours, minutes, seconds, fraction] = match;
  const buffer = Buffer.alloc(13);
  buffer[1] = negative ? 1 : 0;
  buffer.writeUInt32LE(Math.floor(Number(hours) / 24), 2);
  buffer[6] = Number(hours) % 24;
  buffer[7] = Number(minutes);
  buffer[8] = Number(seconds);
  const micros = fraction ? Number(fraction.padEnd(6, '0')) : 0;
  buffer.writeUInt32LE(micros, 9);
  const length = micros > 0 ? 12 : 8;
  buffer[0] = length;
  return buffer.subarray(0, length + 1);
}

export function prepareOkPayload(statementId: number, columnCount: number, parameterCount: number): Buffer {
  return new PayloadWriter().byte(0x00).uint32(statementId).uint16(columnCount).uint16(parameterCount).byte(0).uint16(0).build();
}

export interface ExecuteRequest {
  statementId: number;
  /** each parameter as an SQL literal of the same type (so the statement can run as text) */
  literals: string[];
  /** type and flag byte pairs, kept for executions that do not resend them */
  types: number[];
}

/** Parses a COM_STMT_EXECUTE payload (starting at the command byte). */
export function parseExecutePayload(
  payload: Buffer,
  parameterCount: (statementId: number) => number,
  previousTypes: (statementId: number) => number[] | undefined,
): ExecuteRequest {
  let offset = 1;
  const statementId = payload.readUInt32LE(offset);
  offset += 4 + 1 + 4; // statement id, cursor flags, iteration count
  const count = parameterCount(statementId);
  if (count === 0) return { statementId, literals: [], types: [] };
  const nullBitmap = payload.subarray(offset, offset + Math.floor((count + 7) / 8));
  offset += nullBitmap.length;
  const newParamsBound = payload[offset++] === 1;
  let types = previousTypes(statementId) ?? [];
  if (newParamsBound) {
    types = [];
    for (let index = 0; index < count; index++) {
      types.push(payload.readUInt16LE(offset));
      offset += 2;
    }
  }
  const literals: string[] = [];
  for (let index = 0; index < count; index++) {
    if (nullBitmap[index >> 3] & (1 << (index & 7))) {
      literals.push('NULL');
      continue;
    }
    const [literal, next] = readParameter(payload, offset, types[index] ?? ColumnType.VAR_STRING);
    literals.push(literal);
    offset = next;
  }
  return { statementId, literals, types };
}

function readParameter(payload: Buffer, offset: number, typeAndFlag: number): [string, number] {
  const type = typeAndFlag & 0xff;
  const unsigned = (typeAndFlag & 0x8000) !== 0;
  switch (type) {
    case ColumnType.NULL:
      return ['NULL', offset];
    case ColumnType.TINY:
      return [String(unsigned ? payload.readUInt8(offset) : payload.readInt8(offset)), offset + 1];
    case ColumnType.SHORT:
    case ColumnType.YEAR:
      return [String(unsigned ? payload.readUInt16LE(offset) : payload.readInt16LE(offset)), offset + 2];
    case ColumnType.LONG:
    case ColumnType.INT24:
      return [String(unsigned ? payload.readUInt32LE(offset) : payload.readInt32LE(offset)), offset + 4];
    case ColumnType.LONGLONG:
      return [String(unsigned ? payload.readBigUInt64LE(offset) : payload.readBigInt64LE(offset)), offset + 8];
    case ColumnType.FLOAT:
      return [doubleLiteral(payload.readFloatLE(offset)), offset + 4];
    case ColumnType.DOUBLE:
      return [doubleLiteral(payload.readDoubleLE(offset)), offset + 8];
    case ColumnType.DATE:
    case ColumnType.DATETIME:
    case ColumnType.TIMESTAMP: {
      const [text, next] = readDateTimeParameter(payload, offset);
      return [`${type === ColumnType.DATE ? 'DATE' : 'TIMESTAMP'}'${type === ColumnType.DATE ? text.slice(0, 10) : text}'`, next];
    }
    case ColumnType.TIME: {
      const [text, next] = readTimeParameter(payload, offset);
      return [`TIME'${text}'`, next];
    }
    default: {
      const [length, start] = readLengthEncodedInteger(payload, offset);
      const bytes = payload.subarray(start, start + length);
      const isBlob = type >= BLOB_TYPES.first && type <= BLOB_TYPES.last;
      return [isBlob ? `X'${bytes.toString('hex')}'` : escape(bytes.toString('utf8')), start + length];
    }
  }
}

/** A literal MySQL reads as DOUBLE (exponent notation), so the column type matches the parameter's. */
function doubleLiteral(value: number): string {
  return Number.isFinite(value) ? value.toExponential() : 'NULL';
}

function readDateTimeParameter(payload: Buffer, offset: number): [string, number] {
  const length = payload[offset];
  const at = offset + 1;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  let text = '0000-00-00 00:00:00';
  if (length >= 4) {
    text = `${pad(payload.readUInt16LE(at), 4)}-${pad(payload[at + 2])}-${pad(payload[at + 3])}`;
    text += length >= 7 ? ` ${pad(payload[at + 4])}:${pad(payload[at + 5])}:${pad(payload[at + 6])}` : ' 00:00:00';
    if (length >= 11 && payload.readUInt32LE(at + 7) > 0) text += `.${pad(payload.readUInt32LE(at + 7), 6)}`;
  }
  return [text, at + length];
}

function readTimeParameter(payload: Buffer, offset: number): [string, number] {
  const length = payload[offset];
  const at = offset + 1;
  if (length === 0) return ['00:00:00', at];
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = payload.readUInt32LE(at + 1) * 24 + payload[at + 5];
  let text = `${payload[at] ? '-' : ''}${pad(hours)}:${pad(payload[at + 6])}:${pad(payload[at + 7])}`;
  if (length >= 12 && payload.readUInt32LE(at + 8) > 0) text += `.${pad(payload.readUInt32LE(at + 8), 6)}`;
  return [text, at + length];
}

function readLengthEncodedInteger(payload: Buffer, offset: number): [number, number] {
  const first = payload[offset];
  if (first < 0xfb) return [first, offset + 1];
  if (first === 0xfc) return [payload.readUInt16LE(offset + 1), offset + 3];
  if (first === 0xfd) return [payload.readUIntLE(offset + 1, 3), offset + 4];
  return [Number(payload.readBigUInt64LE(offset + 1)), offset + 9];
}
