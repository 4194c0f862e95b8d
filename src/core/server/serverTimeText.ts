// Server timestamps as text ("YYYY-MM-DD HH:MM:SS"), whatever the driver made of them: the server's
// own clock and time zone are kept, so a value read back can be compared with the server's columns.
export function serverTimeText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
  }
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  return text.replace('T', ' ').replace(/(\.\d+)?Z?$/, '');
}
