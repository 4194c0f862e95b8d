// sysbench dies with the process that started it, however that one ends (SIGKILL too, which runs no
// handler): a tiny shell in a session of its own reads a pipe from this process. When this process
// is gone the kernel closes the pipe's other end, the shell's read sees end of file, and it KILLs
// sysbench (after checking that the pid is still that sysbench: its command line names the run's
// unique config file) and removes the config directory. When the run ends normally this process
// says "done" first and the shell just leaves.
import { spawnPipeWatchdog, type PipeWatchdog } from '../pipeWatchdog';

const WATCHDOG_SCRIPT = [
  'while read -r line; do [ "$line" = done ] && exit 0; done',
  'if tr "\\000" "\\n" < "/proc/$1/cmdline" 2>/dev/null | grep -qxF -e "--config-file=$3"; then kill -KILL "$1" 2>/dev/null; fi',
  'rm -rf -- "$2"',
].join('\n');

export type SysbenchWatchdog = PipeWatchdog;

/** Watches over sysbench `pid`, started with `--config-file=configPath` in `configDirectory`. */
export function watchSysbench(pid: number, configDirectory: string, configPath: string): SysbenchWatchdog {
  return spawnPipeWatchdog(WATCHDOG_SCRIPT, 'tidb-lab-sysbench-watchdog', [String(pid), configDirectory, configPath]);
}
