// The gist at the end of a statement another server explained (MySQL, MariaDB): its EXPLAIN rows
// counted, "1 row" for one. `t` is vscode.l10n.t in the extension, so this file stays testable.
export type Translate = (message: string, ...args: string[]) => string;

export function foreignPlanGist(t: Translate, serverName: string, rows: number): string {
  return rows === 1
    ? t('{0} plan · 1 row · no TiDB analysis', serverName)
    : t('{0} plan · {1} rows · no TiDB analysis', serverName, String(rows));
}
