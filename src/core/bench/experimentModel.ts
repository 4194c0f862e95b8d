// The experiment definition as the runner reads it, after validation (experimentDefinition.ts parses
// and checks the JSON file format described there).
import type { WorkloadName } from './workloadCatalog';

export type OptionValue = string | number | boolean;

export type ReadinessCheck =
  | { kind: 'cache-hit'; attempts?: number; intervalMs?: number }
  | { kind: 'tiflash-replica'; timeoutSec?: number }
  | { kind: 'sql'; query: string; timeoutSec?: number; intervalMs?: number }
  | { kind: 'sleep'; seconds: number };

export interface VariantDefinition {
  name: string;
  setup?: string[];
  teardown?: string[];
  sessionVariables?: Record<string, string | number>;
  ready?: ReadinessCheck;
}

export interface WorkloadEntry {
  name: WorkloadName;
  options?: Record<string, OptionValue>;
  params?: Record<string, OptionValue[]>;
}

export interface SysbenchExperimentDefinition {
  kind: 'sysbench';
  name: string;
  workloads: WorkloadEntry[];
  threads: number[];
  tableSizes: number[];
  options: Record<string, OptionValue>;
  variants: VariantDefinition[];
  params: Record<string, OptionValue[]>;
  /** SET GLOBAL for the experiment, restored after it */
  globalVariables?: Record<string, string | number>;
  repeat: number;
  prepare: boolean;
  cleanup: boolean;
}

export type KeyOrder = 'ordered' | 'shuffled';

export interface BulkLoadExperimentDefinition {
  kind: 'bulk-load';
  name: string;
  rows: number;
  /** the size asked for in GB of row data, when the study was sized that way (rows follows from it) */
  gb?: number;
  rowsPerInsert: number[];
  writerThreads: number[];
  keyOrder: KeyOrder[];
  table: string;
  repeat: number;
  seed: number;
}

export type ExperimentDefinition = SysbenchExperimentDefinition | BulkLoadExperimentDefinition;
