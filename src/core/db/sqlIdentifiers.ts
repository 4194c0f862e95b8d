// Every identifier in SQL we generate goes through here: backticks, with embedded backticks doubled.

export function quoteIdentifier(name: string): string {
  if (name.length === 0) throw new Error('An SQL identifier cannot be empty.');
  if (name.includes('\u0000')) throw new Error('An SQL identifier cannot contain a NUL character.');
  return '`' + name.replace(/`/g, '``') + '`';
}

export function quoteQualifiedName(schema: string, name: string): string {
  return `${quoteIdentifier(schema)}.${quoteIdentifier(name)}`;
}

/** A single-quoted SQL string literal; for the rare statements that take no placeholders (e.g. LOCATION LABELS). */
export function quoteStringLiteral(value: string): string {
  return "'" + value.replace(/\\/g, '\\\\').replace(/'/g, "''").split('\u0000').join('\\0') + "'";
}
