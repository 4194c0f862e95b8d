// Whether a TPC-C run had the spec's keying and think times (go-tpc's --wait). Without them, as
// go-tpc runs by default and TiDB Lab always does (tpcc/tpccArguments.ts refuses --wait), each
// thread starts its next transaction at once, so tpmC is not capped at 12.86 per warehouse and
// "efficiency" (tpmC against that cap) can read thousands of percent.
import type { RunResult } from './benchmarkResult';
import { TPMC_PER_WAREHOUSE } from './tpccFigures';

/** The run had no keying and think time: it says `wait: false`, or says nothing (go-tpc's default). */
export function ranWithoutWait(run: Pick<RunResult, 'options'>): boolean {
  const wait = run.options.wait;
  return !(wait === true || wait === 'true' || wait === 1);
}

/** The note beside a no-wait run's efficiency (tile and Markdown). */
export function tpccNoWaitNote(): string {
  return `efficiency over 100% is possible: this run had no keying and think time (go-tpc's default); the spec caps a warehouse at ${TPMC_PER_WAREHOUSE} tpmC`;
}
