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

export function splitShellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quote === "'") {
      if (char === "'") quote = null;
      else word += char;
    } else if (quote === '"') {
      if (char === '"') quote = null;
      else if (char === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) word += line[++i];
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
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

/** Joins shell continuation lines ("... \" at the end) starting at `index`; returns the text and how many lines it used. */
export function joinContinuationLines(lines: readonly string[], index: number): { text: string; lineCount: number } {
  let text = lines[index];
  let count = 1;
  while (text.endsWith('\\') && index + count < lines.length) {
    text = `${text.slice(0, -1)} ${lines[index + count].trim()}`;
    count++;
  }
  return { text, lineCount: count };
}
