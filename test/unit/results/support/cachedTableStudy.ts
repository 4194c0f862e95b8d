// The raw QPS and the printed "% change of cached over normal" of the cached-table study, as
// numbers: threads 8/16/32/64/128 down, the study's columns across. They are data in
// test/fixtures/studies/cached-table-000.json, whose "source" names the study file they come from.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExperimentResult } from '../../../../src/core/results/benchmarkResult';
import { studyNumbersDir } from '../../../support/fixtureFolders';
import { sampleExperiment, type CellSpec } from './sampleResults';

export interface StudyBlock {
  group: 'read' | 'read/write';
  tableSize: number;
  normal: number[][];
  cached: number[][];
  /** the "% change" table as the study printed it */
  printed: number[][];
}

interface CachedTableStudyNumbers {
  source: string;
  threads: number[];
  readWorkloads: string[];
  pointSelects: number[];
  blocks: StudyBlock[];
}

const study = JSON.parse(readFileSync(join(studyNumbersDir, 'cached-table-000.json'), 'utf8')) as CachedTableStudyNumbers;

export const STUDY_THREADS = study.threads;
export const READ_WORKLOADS = study.readWorkloads;
export const POINT_SELECTS = study.pointSelects;
export const CACHED_TABLE_STUDY: StudyBlock[] = study.blocks;

/** The study as an experiment result: every cell of both variants, in the order the preset runs them. */
export function cachedTableStudyExperiment(): ExperimentResult {
  const specs: CellSpec[] = [];
  for (const tableSize of [5000, 50000]) {
    for (const variant of ['normal', 'cached'] as const) {
      for (const block of CACHED_TABLE_STUDY.filter((candidate) => candidate.tableSize === tableSize)) {
        for (let column = 0; column < 4; column++) {
          STUDY_THREADS.forEach((threads, row) => {
            const qps = block[variant][row][column];
            const cell: CellSpec =
              block.group === 'read'
                ? { workload: READ_WORKLOADS[column], threads, tableSize, variant, qps, p95: 1 }
                : {
                    workload: 'oltp_read_write',
                    params: { point_selects: POINT_SELECTS[column] },
                    threads,
                    tableSize,
                    variant,
                    qps,
                    p95: 1,
                  };
            specs.push(cell);
          });
        }
      }
    }
  }
  return { ...sampleExperiment(specs), name: 'Cached table vs normal table' };
}
