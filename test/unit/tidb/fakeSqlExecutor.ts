// A SqlExecutor that records every statement and answers from a function, for unit tests.
import type { SqlExecutor, SqlRow, SqlRunOutcome } from '../../../src/core/db/sqlExecutor';

export interface RecordedStatement {
  sql: string;
  values: readonly unknown[];
}

export type FakeAnswer = SqlRow[] | Error;

export class FakeSqlExecutor implements SqlExecutor {
  readonly statements: RecordedStatement[] = [];

  constructor(private readonly answer: (sql: string, values: readonly unknown[]) => FakeAnswer | Promise<FakeAnswer> = () => []) {}

  async query(sql: string, values: readonly unknown[] = []): Promise<SqlRow[]> {
    this.statements.push({ sql, values });
    const answer = await this.answer(sql, values);
    if (answer instanceof Error) throw answer;
    return answer;
  }

  async run(sql: string, values: readonly unknown[] = []): Promise<SqlRunOutcome> {
    await this.query(sql, values);
    return { affectedRows: 0 };
  }

  get sqls(): string[] {
    return this.statements.map((statement) => statement.sql);
  }
}

/** Answers each statement with the next of the given answers, repeating the last one. */
export function answersInTurn(...answers: FakeAnswer[]): FakeSqlExecutor {
  let call = 0;
  return new FakeSqlExecutor(() => answers[Math.min(call++, answers.length - 1)]);
}

/** An error shaped like the ones mysql2 throws for a server error. */
export function serverError(errno: number, message: string): Error {
  return Object.assign(new Error(message), { errno, sqlState: 'HY000', sqlMessage: message, code: `ER_${errno}` });
}

/** Names that need quoting: a backtick, spaces, unicode and a reserved word. */
export const AWKWARD_NAMES = {
  schema: 'shop `east`',
  table: 'order',
  unicodeTable: 'Bücher 📚',
  spacedTable: 'exchange rates',
} as const;
