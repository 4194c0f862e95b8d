// sysbench's multi-row INSERT builder (db_bulk_insert_*): rows are appended to "<prefix>" separated
// by commas, and the statement is sent before it would grow past 512 KiB.

export const BULK_PACKET_SIZE = 512 * 1024;

export class BulkInsertStatement {
  private rows: string[] = [];
  private length: number;

  constructor(
    private readonly prefix: string,
    private readonly send: (sql: string, rows: number) => Promise<void>,
    private readonly limit = BULK_PACKET_SIZE,
  ) {
    if (prefix.length + 1 > limit) throw new Error(`Query length exceeds the maximum value (${limit}), aborting`);
    this.length = prefix.length;
  }

  get pendingRows(): number {
    return this.rows.length;
  }

  /** Adds a row such as "(1, '...', '...')"; sends the statement first when the row would not fit. */
  async add(row: string): Promise<void> {
    const separator = this.rows.length > 0 ? 1 : 0;
    if (this.length + row.length + 1 + separator > this.limit) {
      if (this.rows.length === 0) throw new Error(`Query length exceeds the maximum value (${this.limit}), aborting`);
      await this.flush();
    }
    this.length += row.length + (this.rows.length > 0 ? 1 : 0);
    this.rows.push(row);
  }

  /** Sends what is buffered (bulk_insert_done). */
  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const sql = this.prefix + this.rows.join(',');
    const count = this.rows.length;
    this.rows = [];
    this.length = this.prefix.length;
    await this.send(sql, count);
  }
}
