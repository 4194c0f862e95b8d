// "Run SQL File as Benchmark...": go-tpc's rawsql on the SQL file in the editor (or picked, or
// given): the file is one query named after it; threads and time asked for; the run goes the way
// of every benchmark (progress, live tab, result tab, Benchmarks view).
import * as vscode from 'vscode';
import { basename } from 'node:path';
import { rawQueriesFromFiles, RawsqlError } from '../../core/bench/rawsql/rawsqlQueries';
import type { BenchmarkServices } from './benchmarkServices';
import { profileIdOf, resolveBenchmarkTarget } from './benchmarkTarget';
import type { RunCommandResult } from './runCommands';
import { askWholeNumber } from './tpccQuestions';

export const RUN_SQL_FILE_COMMAND = 'tidbLab.runSqlFileAsBenchmark';

/** For automation and tests: every question answered. */
export interface RunSqlFileRequest {
  uri?: string;
  profileId?: string;
  threads?: number;
  timeSec?: number;
  count?: number;
  database?: string;
  intervalSec?: number;
  open?: boolean;
}

function isRequest(arg: unknown): arg is RunSqlFileRequest {
  return typeof arg === 'object' && arg !== null && !(arg instanceof vscode.Uri) && ('threads' in arg || 'uri' in arg);
}

async function sqlText(uri: vscode.Uri): Promise<string> {
  // an open editor's text, saved or not
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open) return open.getText();
  return Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
}

export function registerSqlFileBenchmark(services: BenchmarkServices): vscode.Disposable {
  const { api, runner } = services;
  const t = vscode.l10n.t;
  return vscode.commands.registerCommand(RUN_SQL_FILE_COMMAND, async (arg?: unknown): Promise<RunCommandResult | undefined> => {
    const request = isRequest(arg) ? arg : undefined;
    let uri = arg instanceof vscode.Uri ? arg : request?.uri !== undefined ? vscode.Uri.parse(request.uri) : undefined;
    uri ??= vscode.window.activeTextEditor?.document.languageId.match(/^(sql|mysql)$/)
      ? vscode.window.activeTextEditor.document.uri
      : undefined;
    if (uri === undefined) {
      const picked = await vscode.window.showOpenDialog({
        filters: { SQL: ['sql'] },
        canSelectMany: false,
        title: t('Run SQL File as Benchmark'),
      });
      uri = picked?.[0];
    }
    if (uri === undefined) return undefined;
    let queries;
    try {
      queries = rawQueriesFromFiles([{ path: basename(uri.path), text: await sqlText(uri) }]);
    } catch (error) {
      if (!(error instanceof RawsqlError)) throw error;
      void vscode.window.showErrorMessage(error.message);
      return undefined;
    }
    const profileId =
      request?.profileId ??
      profileIdOf(arg) ??
      (await api.connections.chooseConnection({
        title: t('Run SQL File as Benchmark'),
        placeHolder: t('Which connection runs the queries? (the active one is first)'),
      }));
    if (profileId === undefined) return undefined;
    const target = await resolveBenchmarkTarget(api, profileId);
    if (!target) return undefined;
    const title = t('Run {0} as Benchmark on {1}', queries[0].name, target.profile.name);
    const threads = await askWholeNumber(request?.threads, title, t('Threads (each runs the query on its own connection)'), 4);
    if (threads === undefined) return undefined;
    const timeSec =
      request?.timeSec ?? (request?.count !== undefined ? 0 : await askWholeNumber(undefined, title, t('Seconds to run'), 30));
    if (timeSec === undefined) return undefined;
    const stored = await runner.runRawsql(
      target,
      {
        queries,
        queryFiles: [vscode.workspace.asRelativePath(uri)],
        threads,
        timeSec,
        count: request?.count ?? 0,
        intervalSec: request?.intervalSec ?? 1,
        ignoreError: false,
      },
      request?.database ?? target.profile.database ?? '',
      { openPanel: request?.open !== false },
    );
    return stored?.kind === 'result' ? { id: stored.id, result: stored.result } : undefined;
  });
}
