// "Run it in a transaction that is rolled back" on a session that may already be in one: BEGIN
// there would commit the user's transaction, so a savepoint holds the preview instead.

export interface PreviewStatements {
  begin: string[];
  rollback: string[];
}

const SAVEPOINT = 'tidb_lab_preview';

export function previewStatements(inTransaction: boolean): PreviewStatements {
  return inTransaction
    ? { begin: [`SAVEPOINT ${SAVEPOINT}`], rollback: [`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`, `RELEASE SAVEPOINT ${SAVEPOINT}`] }
    : { begin: ['BEGIN'], rollback: ['ROLLBACK'] };
}
