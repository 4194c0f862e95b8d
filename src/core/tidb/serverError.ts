// The parts of a driver error the TiDB code looks at, whatever shape the error came in
// (mysql2 errors carry errno, sqlState and sqlMessage; anything else is reduced to its message).

export interface ServerError {
  errno?: number;
  sqlState?: string;
  /** driver code such as 'ER_NO_SUCH_TABLE' or 'ECONNREFUSED' */
  code?: string;
  /** the server's own text (sqlMessage when the driver has it) */
  message: string;
}

export function serverErrorOf(error: unknown): ServerError {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const fields = error as { errno?: unknown; sqlState?: unknown; code?: unknown; sqlMessage?: unknown; message?: unknown };
  const message =
    typeof fields.sqlMessage === 'string' ? fields.sqlMessage : typeof fields.message === 'string' ? fields.message : String(error);
  return {
    errno: typeof fields.errno === 'number' ? fields.errno : undefined,
    sqlState: typeof fields.sqlState === 'string' ? fields.sqlState : undefined,
    code: typeof fields.code === 'string' ? fields.code : undefined,
    message,
  };
}
