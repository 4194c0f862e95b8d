// The raw QPS and the printed "% change of cached over normal" of the cached-table study
// (../shared/studies/000), as numbers: threads 8/16/32/64/128 down, the study's columns across.
import type { ExperimentResult } from '../../../../src/core/results/benchmarkResult';
import { sampleExperiment, type CellSpec } from './sampleResults';

export const STUDY_THREADS = [8, 16, 32, 64, 128];
export const READ_WORKLOADS = ['oltp_point_select', 'oltp_read_only', 'select_random_points', 'select_random_ranges'];
export const POINT_SELECTS = [10, 40, 160, 640];

export interface StudyBlock {
  group: 'read' | 'read/write';
  tableSize: number;
  normal: number[][];
  cached: number[][];
  /** the "% change" table as the study printed it */
  printed: number[][];
}

export const CACHED_TABLE_STUDY: StudyBlock[] = [
  {
    group: 'read',
    tableSize: 5000,
    normal: [
      [2214, 1985, 3190, 2263],
      [3199, 2414, 3412, 2491],
      [4454, 2867, 3898, 2743],
      [5792, 3712, 4321, 2981],
      [7639, 4964, 4474, 2965],
    ],
    cached: [
      [15780, 10811, 5666, 2716],
      [23296, 11399, 6417, 2948],
      [28038, 11313, 6907, 3050],
      [32924, 11377, 7217, 3200],
      [33962, 11413, 7199, 3232],
    ],
    printed: [
      [612.73, 444.63, 77.61, 20.01],
      [628.22, 372.2, 88.01, 18.34],
      [529.5, 294.59, 77.19, 10.38],
      [468.43, 206.49, 67.02, 7.34],
      [344.58, 129.91, 60.9, 9.0],
    ],
  },
  {
    group: 'read',
    tableSize: 50000,
    normal: [
      [4874, 2808, 2841, 2207],
      [5042, 3429, 3172, 2448],
      [6754, 4290, 3405, 2651],
      [8989, 5282, 3831, 2818],
      [12565, 6470, 3996, 2811],
    ],
    cached: [
      [15910, 16540, 5359, 2646],
      [21945, 17022, 5999, 2915],
      [25614, 17356, 6355, 3065],
      [31782, 17410, 6690, 3088],
      [35009, 17584, 6713, 3161],
    ],
    printed: [
      [226.42, 489.03, 88.63, 19.89],
      [335.24, 396.41, 89.12, 19.07],
      [279.24, 304.56, 86.63, 15.61],
      [253.56, 229.6, 74.62, 9.58],
      [178.62, 171.77, 67.99, 12.45],
    ],
  },
  {
    group: 'read/write',
    tableSize: 5000,
    normal: [
      [869, 2289, 3852, 5090],
      [1014, 2139, 4354, 6094],
      [1075, 2205, 5089, 6944],
      [605, 1861, 5160, 8395],
      [877, 2127, 4332, 9257],
    ],
    cached: [
      [711, 1322, 2123, 2787],
      [361, 665, 1274, 2870],
      [400, 627, 1394, 2997],
      [323, 804, 1853, 4100],
      [372, 680, 1847, 4704],
    ],
    printed: [
      [-35.77, -42.24, -44.88, -45.24],
      [-64.39, -68.91, -70.73, -52.9],
      [-62.79, -71.56, -72.6, -56.84],
      [-46.61, -42.44, -64.08, -50.05],
      [-57.58, -68.03, -57.36, -49.18],
    ],
  },
  {
    group: 'read/write',
    tableSize: 50000,
    normal: [
      [1107, 2144, 3312, 4439],
      [1108, 2103, 3738, 5702],
      [1055, 2228, 4325, 6770],
      [1062, 1397, 5367, 8209],
      [981, 1838, 7235, 17472],
    ],
    cached: [
      [974, 2726, 3716, 1804],
      [787, 1366, 1736, 2176],
      [673, 1231, 2338, 4627],
      [572, 1384, 3120, 7755],
      [557, 1104, 2907, 7486],
    ],
    printed: [
      [-12.01, 27.14, 12.19, -59.36],
      [-28.97, -35.04, -53.55, -61.83],
      [-36.2, -44.74, -45.94, -31.65],
      [-46.13, -0.93, -41.86, -5.53],
      [-43.21, -39.93, -59.82, -57.15],
    ],
  },
];

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
