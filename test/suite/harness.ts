// The registration API of the extension-host suite: `suite(name, define)` groups, `test(name, fn)` adds.
// Every test/suite/*.suite.ts file is loaded by index.ts inside the real extension host, where it
// can import `vscode`. node:test is not used here: its runner reports on the process's stdout at
// exit, while the extension host needs run() to settle with the results in hand.
// Tests run one after another in file order, each with a timeout (default 30 s).

export type SuiteTestFunction = () => void | Promise<void>;

export interface RegisteredTest {
  name: string;
  run: SuiteTestFunction;
  timeoutMs: number;
}

const registeredTests: RegisteredTest[] = [];
const suiteNames: string[] = [];

export function suite(name: string, define: () => void): void {
  suiteNames.push(name);
  try {
    define();
  } finally {
    suiteNames.pop();
  }
}

export function test(name: string, run: SuiteTestFunction, timeoutMs = 30_000): void {
  registeredTests.push({ name: [...suiteNames, name].join(' › '), run, timeoutMs });
}

/** The tests registered so far (by the *.suite.js files loaded). */
export function takeRegisteredTests(): RegisteredTest[] {
  return registeredTests.splice(0, registeredTests.length);
}
