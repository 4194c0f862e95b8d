// Statements the tests send to the local MariaDB as its test user, to set up data and to check it:
// each call on a connection of its own, closed after it; one text may hold several statements.
import { createConnection } from 'mysql2/promise';
import { testDatabase } from './testDatabase';

/** The rows the text's statement returned (for several statements, one result per statement). */
export async function adminQuery(sql: string): Promise<unknown[]> {
  const db = testDatabase();
  const connection = await createConnection({
    host: db.host,
    port: db.port,
    user: db.user,
    password: db.password,
    multipleStatements: true,
  });
  try {
    const [rows] = await connection.query(sql);
    return rows as unknown[];
  } finally {
    await connection.end();
  }
}
