// TPC-C as go-tpc runs it (github.com/pingcap/go-tpc, tpcc/*.go): what to import and how.
//
// Run (runTpcc.ts, the full contract is in its head comment):
//   const { result, operations } = await runTpcc(
//     { connection, warehouses, threads, timeSec, count, intervalSec: 10, ignoreError, isolation: 0, weights: DEFAULT_WEIGHTS },
//     { signal, onInterval: ({ interval, operations }) => ..., onLog, onThreadsStarted },
//   );
//   result: RunResult (workload 'tpcc') with result.tpcc = { tpmC, tpmTotal, efficiency, warehouses,
//   transactions: { new_order: { count, errors, rollbacks, tpm, latencyMs }, payment, order_status,
//   delivery, stock_level } }; labels NEW_ORDER.count ... tpmC; operationHdr per operation.
//   Print go-tpc's lines with operationLine('Current' | 'Summary', o) (rawsql/rawsqlReport.ts) and tpmLine(result.tpcc).
// Prepare: prepareTpcc({ connection, warehouses, threads, parts: 1, partitionType: 1, useFk: false,
//   useClusteredIndex: true, dropData, noCheck, retryCount: 50, retryIntervalSec: 10 }, { signal, onLog })
//   -> { status, durationSec, check? }; it creates the database when missing.
// Check: checkTpcc({ connection, warehouses, threads, checkAll }, { signal, onLog }) -> { passed, checked, failures }.
// Cleanup: cleanupTpcc(connection, { onLog }).
// Building blocks (for `ch`, which runs these transactions beside its analytical queries):
//   TRANSACTIONS (name -> (TpccConnection, TpccRandom, warehouses) => 'commit' | 'rollback'),
//   TpccConnection (a thread's connection, prepared statements, statement counts), TpccRandom,
//   transactionDeck / pickTransaction (the mix), createTableStatements (the schema), tpmOf.
// Connections are mysql2 (tpccConnection.ts says why not the lean benchmark connection).
export { runTpcc, TRANSACTIONS, TPCC_WORKLOAD, type TpccRunConfig, type TpccHooks, type TpccRun, type TpccIntervalReport } from './runTpcc';
export { prepareTpcc, ensureDatabase, type TpccPrepareConfig, type TpccPrepareOutcome } from './prepareTpcc';
export { checkTpcc, type TpccCheckConfig, type TpccCheckOutcome } from './checkTpcc';
export { cleanupTpcc } from './cleanupTpcc';
export { DEFAULT_WEIGHTS, TRANSACTION_NAMES, operationName, pickTransaction, transactionDeck, type TransactionName } from './tpccMix';
export { TpccConnection } from './tpccConnection';
export { TpccRandom } from './tpccRandom';
export { tpmLine, tpmOf, SPEC_WAREHOUSE_FACTOR } from './tpccResult';
export { createTableStatements, TPCC_TABLES } from './tpccSchema';
