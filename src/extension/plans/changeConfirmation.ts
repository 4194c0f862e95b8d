// The question asked before a statement that changes something runs (EXPLAIN ANALYZE of DML, Run
// Statement of DML, DDL and the rest): the exact statement in the detail and, for DML, the offer to
// run it in a transaction that is rolled back.
import * as vscode from 'vscode';
import { stripLeadingComments } from '../../core/sql/statementSplitter';

/** Longer statements are cut in the dialog, saying how much was left out. */
const STATEMENT_CHARS_SHOWN = 2_000;

export interface ChangeConfirmation {
  /** the dialog's first line */
  question: string;
  /** the statement as it will be sent */
  statement: string;
  /** DML: offer a transaction that is rolled back (DDL commits on its own, so it is not offered) */
  offerRollBack: boolean;
  /** the button that runs it for good, e.g. "Run and Keep Changes" */
  runLabel: string;
  /** what the rolled-back choice shows and what it costs */
  rollBackNote?: string;
}

/** 'rollBack': in a transaction that is rolled back; 'run': for good; undefined: cancelled. */
export async function confirmChange(request: ChangeConfirmation): Promise<'rollBack' | 'run' | undefined> {
  const t = vscode.l10n.t;
  const rollBack = t('Run in a Transaction That Is Rolled Back');
  const detail = [exactStatement(request.statement), request.offerRollBack ? (request.rollBackNote ?? '') : '']
    .filter(Boolean)
    .join('\n\n');
  const buttons = request.offerRollBack ? [rollBack, request.runLabel] : [request.runLabel];
  const choice = await vscode.window.showWarningMessage(request.question, { modal: true, detail }, ...buttons);
  if (choice === rollBack) return 'rollBack';
  if (choice === request.runLabel) return 'run';
  return undefined;
}

/** The verb of a statement, for questions ("this UPDATE ..."). */
export function statementVerb(statement: string): string {
  return /^\(?\s*(\w+)/.exec(stripLeadingComments(statement))?.[1]?.toUpperCase() ?? 'statement';
}

export function exactStatement(statement: string): string {
  const text = stripLeadingComments(statement).trim();
  if (text.length <= STATEMENT_CHARS_SHOWN) return text;
  return `${text.slice(0, STATEMENT_CHARS_SHOWN)}… ${vscode.l10n.t('({0} more characters)', String(text.length - STATEMENT_CHARS_SHOWN))}`;
}
