// Finds the command line that started a benchmark in a log ("$ sysbench ... run", "+ go-tpc tpcc run",
// "MYSQL_PWD=... time /usr/bin/sysbench ..."): users keep it there with `set -x`, a prompt pasted
// from the terminal, or a logging wrapper. Words are split as sh would, without any expansion.

export interface ToolInvocation {
  /** the words after the program itself */
  args: string[];
}

const PROMPT_WORD = /^(?:[$#>+%]+|\S*[@:]\S*[$#%]|\(\S+\))$/;
const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const WRAPPERS = new Set(['time', 'nohup', 'sudo', 'exec', 'env', 'command']);
const SHELL_OPERATOR = /^(?:\d*[<>]|[|;&])/;

// Runs of characters with no special meaning, taken in one step: building words character by
// character is slow on long command lines.
const PLAIN_RUN = /[^\s'"\\]+/y;
const DOUBLE_QUOTED_RUN = /[^"\\]+/y;

export function splitShellWords(line: string): string[] {
  const words: string[] = [];
  let pieces: string[] = [];
  let inWord = false;
  let i = 0;
  /** the run `pattern` matches at i (at least one character), moving i past it */
  const run = (pattern: RegExp): string => {
    pattern.lastIndex = i;
    const text = pattern.exec(line)?.[0] ?? line[i];
    i += text.length;
    return text;
  };
  while (i < line.length) {
    const char = line[i];
    if (char === "'") {
      const end = line.indexOf("'", i + 1);
      pieces.push(line.slice(i + 1, end < 0 ? line.length : end));
      i = end < 0 ? line.length : end + 1;
      inWord = true;
    } else if (char === '"') {
      i++;
      inWord = true;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) {
          pieces.push(line[i + 1]);
          i += 2;
        } else {
          pieces.push(run(DOUBLE_QUOTED_RUN));
        }
      }
      i++;
    } else if (char === '\\' && i + 1 < line.length) {
      pieces.push(line[i + 1]);
      i += 2;
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(pieces.join(''));
      pieces = [];
      inWord = false;
      i++;
    } else {
      pieces.push(run(PLAIN_RUN));
      inWord = true;
    }
  }
  if (inWord) words.push(pieces.join(''));
  return words;
}

/**
 * The program's arguments when `line` runs one of `programs` (matched on the word's base name),
 * possibly after a prompt, environment assignments and wrappers such as `time`; null otherwise.
 * A program given as "tiup bench" matches the two words in a row.
 */
export function findToolInvocation(line: string, programs: readonly string[]): ToolInvocation | null {
  if (!programs.some((program) => line.includes(program.split(' ')[0]))) return null;
  const words = splitShellWords(line.replace(/^\s*#\s*/, ''));
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const program = programs.find((name) => matchesProgram(words, i, name));
    if (program !== undefined) {
      const args = words.slice(i + program.split(' ').length);
      const end = args.findIndex((arg) => SHELL_OPERATOR.test(arg));
      return { args: end < 0 ? args : args.slice(0, end) };
    }
    if (!(PROMPT_WORD.test(word) || ENV_ASSIGNMENT.test(word) || WRAPPERS.has(word))) return null;
  }
  return null;
}

function matchesProgram(words: string[], index: number, program: string): boolean {
  return program.split(' ').every((part, offset) => {
    const word = words[index + offset];
    if (word === undefined) return false;
    const base = offset === 0 ? word.slice(word.lastIndexOf('/') + 1) : word.replace(/:v?[\d.]+.*$/, '');
    return base === part;
  });
}

/**
 * Joins shell continuation lines ("... \" at the end) starting at `index`; returns the text and how
 * many lines it used. The pieces are joined once at the end: growing one string line by line and
 * testing its end each time copies it over and over (quadratic on long command lines).
 */
export function joinContinuationLines(lines: readonly string[], index: number): { text: string; lineCount: number } {
  const parts: string[] = [];
  let line = lines[index];
  let count = 1;
  while (line.endsWith('\\') && index + count < lines.length) {
    parts.push(line.slice(0, -1));
    line = lines[index + count].trim();
    count++;
  }
  parts.push(line);
  return { text: parts.join(' '), lineCount: count };
}
