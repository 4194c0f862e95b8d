// The ids this feature contributes in package.json: commands, the Benchmarks view, settings,
// context keys and the experiment document marker.
export const BENCHMARK_COMMANDS = {
  runBenchmark: 'tidbLab.runBenchmark',
  runExperiment: 'tidbLab.runExperiment',
  runExperimentFromEditor: 'tidbLab.runExperimentFromEditor',
  cancelBenchmark: 'tidbLab.cancelBenchmark',
  importBenchmarkLog: 'tidbLab.importBenchmarkLog',
  prepareBenchmarkData: 'tidbLab.prepareBenchmarkData',
  cleanupBenchmarkData: 'tidbLab.cleanupBenchmarkData',
  openBenchmarkResult: 'tidbLab.openBenchmarkResult',
  renameBenchmarkResult: 'tidbLab.renameBenchmarkResult',
  deleteBenchmarkResult: 'tidbLab.deleteBenchmarkResult',
  compareBenchmarkResults: 'tidbLab.compareBenchmarkResults',
  exportBenchmarkCsv: 'tidbLab.exportBenchmarkCsv',
  exportBenchmarkMarkdown: 'tidbLab.exportBenchmarkMarkdown',
  exportBenchmarkJson: 'tidbLab.exportBenchmarkJson',
  refreshBenchmarks: 'tidbLab.refreshBenchmarks',
  revealBenchmarkResultsFolder: 'tidbLab.revealBenchmarkResultsFolder',
} as const;

export const BENCHMARKS_VIEW = 'tidbLab.benchmarks';

export const BENCHMARK_SETTINGS = {
  storeInWorkspace: 'tidbLab.benchmarks.storeInWorkspace',
  engine: 'tidbLab.benchmarks.engine',
  sysbenchPath: 'tidbLab.benchmarks.sysbenchPath',
  goTpcPath: 'tidbLab.benchmarks.goTpcPath',
} as const;

export const BENCHMARK_CONTEXT_KEYS = {
  /** the active editor holds a TiDB Lab experiment definition */
  experimentEditor: 'tidbLab.benchmarks.experimentEditor',
  /** a benchmark or experiment is running */
  running: 'tidbLab.benchmarks.running',
} as const;

/** contextValue of the Benchmarks view's items; menus in package.json key on these. */
export const BENCHMARK_ITEM_CONTEXT = {
  run: 'benchmarkResult.run',
  experiment: 'benchmarkResult.experiment',
  cell: 'benchmarkResult.cell',
  live: 'benchmarkResult.live',
  unreadable: 'benchmarkResult.unreadable',
} as const;

export const LAST_LAUNCH_STATE_KEY = 'tidbLab.benchmarks.lastLaunch';
