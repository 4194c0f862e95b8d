// The detail of "prepare, then run" before a TPC-C or CH-benCHmark run (no vscode here, so it is
// unit-tested): which TPC-C tables prepare drops, or that it creates them when there are none.
export type Translate = (message: string, ...args: (string | number)[]) => string;

export interface PrepareDetailInput {
  /** the TPC-C tables in the database now */
  tables: readonly string[];
  warehouses: number;
  /** CH-benCHmark: prepare also adds nation, region and supplier */
  ch: boolean;
}

export function prepareDetail(t: Translate, { tables, warehouses, ch }: PrepareDetailInput): string {
  const load = warehouses === 1 ? t('loads 1 warehouse') : t('loads {0} warehouses', warehouses.toLocaleString('en-US'));
  const first =
    tables.length === 0
      ? t('Prepare creates the TPC-C tables there and {0}', load)
      : tables.length === 1
        ? t('Prepare drops the TPC-C table there ({0}) and {1}', tables[0], load)
        : t('Prepare drops the {0} TPC-C tables there ({1}) and {2}', tables.length, tables.join(', '), load);
  return ch
    ? t("{0}, adds CH-benCHmark's nation, region and supplier, then the run starts.", first)
    : t('{0}, then the run starts.', first);
}
