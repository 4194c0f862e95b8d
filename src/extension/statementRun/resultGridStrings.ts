// The results grid's texts. `t` is vscode.l10n.t in the extension (a plain formatter in tests), so
// this file does not import vscode. Templates keep their `{0}` placeholders for the webview to fill:
// they are passed as arguments so a translation cannot lose them.
import type { ResultGridStrings } from '../../protocol/resultGrid';

export type Translate = (message: string, ...args: string[]) => string;

const P0 = '{0}';
const P1 = '{1}';
const P2 = '{2}';
const P3 = '{3}';

export function resultGridStrings(t: Translate): ResultGridStrings {
  return {
    restored: t('Restored after a window reload: these are the rows of the time it ran.'),
    rowsAffected: t('{0} rows affected', P0),
    rowsAffectedOne: t('1 row affected'),
    lastInsertId: t('last insert id {0}', P0),
    rolledBack: t('Ran in a transaction that was rolled back: nothing was kept.'),
    aStatement: t('A statement'),
    selectCellFirst: t('Select a cell first.'),
    copiedCell: t('Copied the cell.'),
    copiedRow: t('Copied the row.'),
    copiedCells: t('Copied {0} cells.', P0),
    copyCell: t('Copy Cell'),
    copyRow: t('Copy Row'),
    copySelection: t('Copy Selection'),
    rows: t('{0} rows', P0),
    rowsOne: t('1 row'),
    moreThan: t('more than {0} (counting stopped)', P0),
    showingFirst: t('Showing the first {0} of {1}. The row limit is the setting {2} ({3}).', P0, P1, P2, P3),
    exportCsv: t('Export CSV…'),
    showPlan: t('Show Plan'),
    runAgain: t('Run Again'),
    warningsLabel: t('Warnings'),
    warnings: t('{0} warnings (SHOW WARNINGS)', P0),
    warningsOne: t('1 warning (SHOW WARNINGS)'),
    errorNumber: t('Error {0}', P0),
    error: t('Error'),
    resultSet: t('Result {0} of {1}', P0, P1),
    statementNumber: t('Statement {0} of {1}', P0, P1),
    gridLabel: t('Rows'),
    sortTitle: t('{0} ({1}) — click to sort', P0, P1),
  };
}
