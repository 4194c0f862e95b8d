// What `tidb-lab bench experiment FILE --...` does with its options. Connection options say where
// to connect. --mysql-ignore-errors applies to every cell, as a sysbench user passes it to every run
// of a study (an error code to ignore is a property of the load, e.g. TiDB's write conflicts under a
// read-write mix), and it wins over the file's value. Every other option belongs in the file.
import { OptionError, optionKey } from '../benchOptions';
import { isConnectionOption } from '../connection/connectionOptionNames';
import type { ExperimentDefinition, OptionValue } from './experimentModel';

const IGNORE_ERRORS = 'mysql-ignore-errors';

export interface ExperimentCommandLine {
  definition: ExperimentDefinition;
  /** the connection options, by the name they were given */
  connectionOptions: Map<string, string>;
}

export function applyExperimentCommandLine(definition: ExperimentDefinition, options: Map<string, string>): ExperimentCommandLine {
  const connectionOptions = new Map<string, string>();
  let ignoreErrors: string | undefined;
  for (const [name, value] of options) {
    if (isConnectionOption(name)) connectionOptions.set(name, value);
    else if (optionKey(name) === IGNORE_ERRORS) ignoreErrors = value;
    else
      throw new OptionError(
        `--${name}: put benchmark options in the experiment file; the command line takes connection options and --${IGNORE_ERRORS} only`,
      );
  }
  if (ignoreErrors === undefined) return { definition, connectionOptions };
  if (definition.kind === 'bulk-load')
    throw new OptionError(
      `--${IGNORE_ERRORS}: a bulk-load experiment has no sysbench events to restart; a failing INSERT fails its cell. Leave the option out.`,
    );
  if (definition.kind === 'tpcc')
    throw new OptionError(
      `--${IGNORE_ERRORS}: a tpcc experiment takes go-tpc's "ignoreError": true in its file (a failed transaction does not stop its thread). Leave the option out.`,
    );
  return {
    connectionOptions,
    definition: {
      ...definition,
      options: { ...withoutIgnoreErrors(definition.options), mysql_ignore_errors: ignoreErrors },
      workloads: definition.workloads.map((workload) => ({
        ...workload,
        ...(workload.options === undefined ? {} : { options: withoutIgnoreErrors(workload.options) }),
        ...(workload.params === undefined ? {} : { params: withoutIgnoreErrors(workload.params) }),
      })),
      params: withoutIgnoreErrors(definition.params),
    },
  };
}

function withoutIgnoreErrors<T extends OptionValue | OptionValue[]>(options: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(options).filter(([name]) => optionKey(name) !== IGNORE_ERRORS));
}
