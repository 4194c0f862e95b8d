// The mysql client's `\G` output: records under `*** N. row ***`, one `key: value` per
// line with the keys right-aligned, values running on over following lines.

export interface VerticalRecord {
  fields: [string, string][];
}

const RECORD_SEPARATOR = /^\*{3,}\s*\d+\.\s*row\s*\*{3,}\s*$/;

export function isVerticalOutput(lines: readonly string[]): boolean {
  // Only a line starting with `*` can be a separator: the others are passed over at their first character.
  return lines.some((line) => line.trimStart().startsWith('*') && line.includes('. row *') && RECORD_SEPARATOR.test(line.trim()));
}

export function readVerticalRecords(lines: readonly string[]): VerticalRecord[] {
  const records: VerticalRecord[] = [];
  let current: VerticalRecord | null = null;
  let colon = -1;
  for (const line of lines) {
    if (RECORD_SEPARATOR.test(line.trim())) {
      current = { fields: [] };
      records.push(current);
      colon = -1;
      continue;
    }
    if (current === null) continue;
    const fieldColon = colon === -1 ? firstFieldColon(line) : colon;
    if (fieldColon !== -1 && isFieldLine(line, fieldColon)) {
      colon = fieldColon;
      current.fields.push([line.slice(0, fieldColon).trim(), line.slice(fieldColon + 2)]);
    } else if (current.fields.length > 0) {
      const last = current.fields[current.fields.length - 1];
      last[1] += `\n${line}`;
    }
  }
  for (const record of records) {
    for (const field of record.fields) field[1] = field[1].replace(/\s+$/, '');
  }
  return records;
}

function firstFieldColon(line: string): number {
  const match = /^\s*\S.*?: /.exec(`${line} `);
  return match === null ? -1 : match[0].length - 2;
}

/** Keys are right-aligned, so every key line of a record has its `: ` at the same column. */
function isFieldLine(line: string, colon: number): boolean {
  if (line[colon] !== ':' || (line.length > colon + 1 && line[colon + 1] !== ' ')) return false;
  const key = line.slice(0, colon).trim();
  return key !== '' && !/\s{2}/.test(key);
}
