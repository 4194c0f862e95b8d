// go-tpc dies with the process that started it, however that one ends (SIGKILL too): as for
// sysbench (externalSysbench/sysbenchWatchdog.ts), a tiny shell in a session of its own reads a pipe
// from this process; at end of file it KILLs go-tpc, after checking that the pid is still that
// go-tpc (its command line holds the run's one-time password, which no other process has). When
// the run ends normally this process says "done" first and the shell just leaves.
import { spawnPipeWatchdog, type PipeWatchdog } from '../pipeWatchdog';

const WATCHDOG_SCRIPT = [
  'while read -r line; do [ "$line" = done ] && exit 0; done',
  'if tr "\\000" "\\n" < "/proc/$1/cmdline" 2>/dev/null | grep -qxF -e "$2"; then kill -KILL "$1" 2>/dev/null; fi',
].join('\n');

export type GoTpcWatchdog = PipeWatchdog;

/** Watches over go-tpc `pid`, whose command line has the argument `marker`. */
export function watchGoTpc(pid: number, marker: string): GoTpcWatchdog {
  return spawnPipeWatchdog(WATCHDOG_SCRIPT, 'tidb-lab-go-tpc-watchdog', [String(pid), marker]);
}
